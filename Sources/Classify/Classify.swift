// The Classify module; see STYLE.md §8.1 for what it holds.
