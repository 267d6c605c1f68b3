import SwiftLexer
import Testing

/// Hostile inputs whose cost grows with their size, held to linear growth by a work counter
/// (characters visited by look-ahead scans) rather than by a clock: doubling the input may at
/// most double the work, plus a little slack, so the work per input byte stays put.
@Suite struct LexerScalingTests {
  /// `count` multi-line extended regex openers with ever fewer `#`s (`###/`, `##/`, `#/`, each
  /// ending its line), then `filler` lines of ordinary code, so every opener's scan runs to the
  /// end of the file without finding its closing delimiter.
  static func descendingOpeners(_ count: Int, filler: Int) -> [UInt8] {
    var text = ""
    for pounds in stride(from: count, to: 0, by: -1) { text += String(repeating: "#", count: pounds) + "/\n" }
    text += String(repeating: "let value = compute(x, y) / 2 // half\n", count: filler)
    return Array(text.utf8)
  }

  /// The look-ahead work per byte of `input`.
  static func workPerByte(_ input: [UInt8]) -> Double {
    Double(Lexer.lookAheadWork(input)) / Double(input.count)
  }

  @Test func descendingRegexOpenersStayLinear() {
    let small = Self.workPerByte(Self.descendingOpeners(100, filler: 2_000))
    let large = Self.workPerByte(Self.descendingOpeners(200, filler: 4_000))
    // Rescanning the rest of the file from every opener doubles the work per byte here.
    #expect(large <= small * 1.1, "small \(small), large \(large)")
  }

  @Test func descendingRegexOpenersEndingOnABackslashStayLinear() {
    let small = Self.workPerByte(Self.descendingOpeners(100, filler: 2_000) + [UInt8(ascii: "\\")])
    let large = Self.workPerByte(Self.descendingOpeners(200, filler: 4_000) + [UInt8(ascii: "\\")])
    #expect(large <= small * 1.1, "small \(small), large \(large)")
  }

  @Test func descendingOpenersRoundTrip() {
    #expect(LexerTestSupport.losslessViolation(Self.descendingOpeners(300, filler: 50)) == nil)
    #expect(LexerTestSupport.losslessViolation(Self.descendingOpeners(300, filler: 50) + [UInt8(ascii: "\\")]) == nil)
  }

  /// Each opener is an unterminated literal ending at its line's end: the remembered scan gives
  /// the same pieces as a scan of its own would.
  @Test func descendingOpenersAreEachUnterminated() {
    let pieces = LexerTestSupport.pieces("###/\n##/\n#/\nx\n")
    #expect(
      pieces == [
        "regexPoundDelimiter ###", "regexSlash /", "newline \n", "regexPoundDelimiter ##", "regexSlash /",
        "newline \n", "regexPoundDelimiter #", "regexSlash /", "newline \n", "identifier x", "newline \n",
      ])
  }

  /// A `/##` too weak for the first opener still closes the second one: the remembered scan
  /// must not call the second unterminated.
  @Test func laterOpenerWithFewerPoundsStillCloses() {
    #expect(
      LexerTestSupport.significant("###/\n##/\na\n/##\nb") == [
        "regexPoundDelimiter ###", "regexSlash /", "regexPattern ", "regexPoundDelimiter ##", "regexSlash /",
        "regexPattern \na\n", "regexSlash /", "regexPoundDelimiter ##", "identifier b",
      ])
    // A candidate before the later opener does not count for it: line 2 is a prefix `/` and
    // two `#`s, line 3 an unterminated literal.
    #expect(
      LexerTestSupport.significant("###/\n/##\n##/\na") == [
        "regexPoundDelimiter ###", "regexSlash /", "regexPattern ", "prefixOperator /", "pound #", "pound #",
        "regexPoundDelimiter ##", "regexSlash /", "regexPattern ", "identifier a",
      ])
  }
}
