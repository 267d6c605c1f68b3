import SwiftLexer
import Testing

/// Helpers shared by the lexer tests.
enum LexerTestSupport {
  /// The significant tokens of `source` as `kind text` strings, for compact expectations.
  static func significant(_ source: String) -> [String] {
    let stream = Lexer.tokenize(Array(source.utf8))
    return stream.significantTokens.map { token in
      return "\(token.kind.name) \(stream.text(of: token))"
    }
  }

  /// Every non-empty piece of `source`, trivia included, as `kind text` strings.
  static func pieces(_ source: String) -> [String] {
    let stream = Lexer.tokenize(Array(source.utf8))
    return stream.tokens.filter { $0.start < $0.end }.map { "\($0.kind.name) \(stream.text(of: $0))" }
  }

  /// The kinds of the significant tokens of `source`.
  static func kinds(_ source: String) -> [TokenKind] {
    let stream = Lexer.tokenize(Array(source.utf8))
    return stream.kinds
  }

  /// The first broken invariant of the stream of `bytes`, or `nil`: pieces contiguous from 0,
  /// non-empty (except string segments and regex patterns, which may be empty), one final
  /// zero-width `endOfFile`, and together exactly the input.
  static func losslessViolation(_ bytes: [UInt8]) -> String? {
    let stream = Lexer.tokenize(bytes)
    let tokens = stream.tokens
    guard let last = tokens.last, last.kind == .endOfFile, last.start == last.end, Int(last.end) == bytes.count
    else { return "the stream does not end with a zero-width endOfFile at \(bytes.count)" }
    var offset: UInt32 = 0
    for (index, token) in tokens.enumerated() {
      if token.start != offset { return "piece \(index) (\(token.kind.name)) starts at \(token.start), not \(offset)" }
      if token.end < token.start { return "piece \(index) ends before it starts" }
      if token.start == token.end && index != tokens.count - 1 && token.kind != .stringSegment
        && token.kind != .regexPattern
      {
        return "piece \(index) (\(token.kind.name)) is empty"
      }
      if token.kind == .endOfFile && index != tokens.count - 1 { return "endOfFile before the end" }
      offset = token.end
    }
    var joined: [UInt8] = []
    joined.reserveCapacity(bytes.count)
    for token in tokens { joined.append(contentsOf: stream.source[token.range]) }
    return joined == bytes ? nil : "the pieces do not reproduce the input"
  }
}

/// A small deterministic generator (SplitMix64), so random inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
