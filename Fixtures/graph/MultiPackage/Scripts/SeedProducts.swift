// Not in any target: falls back to a folder module that still names project types.
let seed = [Product(id: 1, name: "Kettle")]
