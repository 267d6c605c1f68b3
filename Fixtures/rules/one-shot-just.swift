// Should flag: Just(…) (line 5).
// Should not flag: `Just` in a comment or string, and a file-local `justValue`.
import Combine

func constant() -> AnyPublisher<Int, Never> { Just(1).eraseToAnyPublisher() }

// Just(2) in a comment
let text = "Just(3) in a string"
let justValue = 4
