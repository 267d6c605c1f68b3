// Should not flag: a file that imports no Combine-providing module and uses none of Combine's
// unambiguous names: this `Just` is the project's own function.
func Just(_ value: Int) -> Int { value }

let x = Just(1)
