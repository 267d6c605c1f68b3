/// A small, stable summary of what a match says, for telling an edited finding from a new one.
///
/// The shape is the set of distinct words of the match text (identifiers and literals), less the
/// words every finding of a kind shares (Swift's keywords, `Future`, `promise`, `Task`,
/// `success`, …): what is left is what the matched code does (`api`, `fetchUser`, `id`). Two
/// shapes are compared by the Jaccard index of those sets. The set is kept as a bottom-k sketch:
/// the `capacity` smallest FNV-1a 32-bit hashes of its words, so it has a bounded size, is the
/// same on every platform and run, and estimates the Jaccard index exactly whenever the two sets
/// together have no more than `capacity` words (every wrapper we have seen).
///
/// A baseline stores the shape beside the fingerprint, as hex words (`"0a1b2c3d 4e5f6071"`).
package struct TokenShape: Sendable, Hashable {
  /// The most hashes a shape keeps.
  package static let capacity = 16

  /// The smallest hashes of the match's words, ascending and distinct.
  package private(set) var hashes: [UInt32]

  /// The shape of a normalised match text (significant tokens joined by one space).
  package init(matchText: String) {
    var all: Set<UInt32> = []
    for word in matchText.split(separator: " ") where TokenShape.counts(word) {
      all.insert(TokenShape.hash(word))
    }
    hashes = Array(all.sorted().prefix(TokenShape.capacity))
  }

  /// A shape from its stored hashes (they are sorted, deduplicated and capped here).
  package init(hashes: [UInt32]) {
    self.hashes = Array(Set(hashes).sorted().prefix(TokenShape.capacity))
  }

  /// The stored form: eight lowercase hex digits a hash, separated by one space.
  package var serialized: String {
    hashes.map { hash in
      let digits = String(hash, radix: 16)
      return String(repeating: "0", count: 8 - digits.count) + digits
    }.joined(separator: " ")
  }

  /// Reads `serialized`'s form; nil when it is not that form.
  package init?(serialized text: String) {
    var values: [UInt32] = []
    for word in text.split(separator: " ") {
      guard word.count == 8, let value = UInt32(word, radix: 16) else { return nil }
      values.append(value)
    }
    self.init(hashes: values)
  }

  /// The estimated Jaccard index of the two word sets, from 0 (nothing in common) to 1 (the
  /// same words; two shapes without words are the same too).
  package func similarity(to other: TokenShape) -> Double {
    if hashes.isEmpty && other.hashes.isEmpty { return 1 }
    // The bottom-k of the union, and how many of them both sketches hold.
    var (left, right) = (0, 0)
    var taken = 0
    var shared = 0
    while taken < TokenShape.capacity && (left < hashes.count || right < other.hashes.count) {
      let fromLeft = left < hashes.count ? hashes[left] : UInt32.max
      let fromRight = right < other.hashes.count ? other.hashes[right] : UInt32.max
      if left < hashes.count && right < other.hashes.count && fromLeft == fromRight {
        shared += 1
        left += 1
        right += 1
      } else if right >= other.hashes.count || (left < hashes.count && fromLeft < fromRight) {
        left += 1
      } else {
        right += 1
      }
      taken += 1
    }
    return Double(shared) / Double(taken)
  }

  /// Whether a token is a word of the shape: it has a letter or a digit and is not boilerplate.
  private static func counts(_ word: Substring) -> Bool {
    guard word.utf8.contains(where: { byte in byte >= 0x80 || isAlphanumeric(byte) }) else { return false }
    return !boilerplate.contains(String(word))
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  /// Words that say nothing about which finding this is: keywords, and the vocabulary every
  /// Combine construct and every Future/Task wrapper shares.
  private static let boilerplate: Set<String> = [
    // Swift keywords and common attributes.
    "func", "let", "var", "in", "do", "try", "try?", "try!", "await", "catch", "return", "self", "Self", "if",
    "else", "guard", "switch", "case", "default", "for", "while", "true", "false", "nil", "async", "throws",
    "throw", "some", "any", "weak", "unowned", "init", "static", "class", "struct", "enum", "extension",
    "private", "fileprivate", "internal", "public", "open", "final", "where", "is", "as", "as?", "as!",
    "@escaping", "@Sendable", "@MainActor", "escaping", "Sendable", "_", "$0", "$1",
    // Combine and concurrency vocabulary.
    "Combine", "Future", "Promise", "promise", "Task", "detached", "immediate", "priority", "operation",
    "MainActor", "success", "failure", "error", "Error", "Never", "Result", "Output", "Failure", "value",
    "completion", "finished", "Just", "Fail", "AnyPublisher", "eraseToAnyPublisher", "sink", "receiveValue",
    "receiveCompletion", "send", "store", "cancellables", "AnyCancellable",
  ]

  /// FNV-1a 32 of the word's UTF-8: seedless, the same everywhere.
  private static func hash(_ word: Substring) -> UInt32 {
    var value: UInt32 = 0x811c_9dc5
    for byte in word.utf8 {
      value ^= UInt32(byte)
      value &*= 0x0100_0193
    }
    return value
  }
}
