import Foundation
import MigrateScanTestSupport
import SwiftLexer
import Testing

/// Losslessness: whatever the input, the pieces are contiguous and reproduce it byte for byte,
/// and the lexer neither traps nor hangs. No timing assertions: a quadratic path would show as
/// a test that never finishes.
@Suite struct RoundTripTests {
  static let fixtureFiles: [String] = FixturePaths.files(under: FixturePaths.fixtures, suffix: ".swift")
    .map { String($0.path.dropFirst(FixturePaths.fixtures.path.count + 1)) }

  @Test(arguments: fixtureFiles)
  func fixtureRoundTrips(_ relativePath: String) throws {
    let bytes = [UInt8](try Data(contentsOf: FixturePaths.fixture(relativePath)))
    #expect(LexerTestSupport.losslessViolation(bytes) == nil)
  }

  @Test func emptyInputIsJustEndOfFile() {
    let stream = Lexer.tokenize([])
    #expect(stream.tokens == [Token(kind: .endOfFile, start: 0, end: 0)])
    #expect(stream.kinds.isEmpty)
  }

  @Test func everyByteValueAloneAndInSequence() {
    for value in 0...255 {
      #expect(LexerTestSupport.losslessViolation([UInt8(value)]) == nil, "byte \(value)")
      #expect(LexerTestSupport.losslessViolation([0x61, UInt8(value), 0x22, UInt8(value)]) == nil, "byte \(value)")
    }
    let ascending = (0...255).map { UInt8($0) }
    #expect(LexerTestSupport.losslessViolation(ascending) == nil)
    #expect(LexerTestSupport.losslessViolation(ascending.reversed()) == nil)
  }

  /// Random byte soup, and random mixes of the characters that steer the lexer.
  @Test func randomInputsWithFixedSeed() {
    var generator = SplitMix64(seed: 0x5EED)
    let alphabet = Array("\"'#/\\()[]{}`*<>!?=.-+&|^~$_:;, \t\n\r0aZé“”\u{A0}\u{FEFF}".utf8)
    // LEXER_FUZZ_ROUNDS raises the count for a longer local run; the default keeps CI quick.
    let rounds = Int(ProcessInfo.processInfo.environment["LEXER_FUZZ_ROUNDS"] ?? "") ?? 600
    for round in 0..<rounds {
      let length = Int.random(in: 0..<400, using: &generator)
      let bytes: [UInt8]
      if round % 3 == 0 {
        bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      } else {
        bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
      }
      if let violation = LexerTestSupport.losslessViolation(bytes) {
        Issue.record("round \(round): \(violation); input \(bytes)")
        return
      }
    }
  }

  @Test(
    arguments: [
      [0xC3],  // truncated two-byte sequence
      [0xE2, 0x82],  // truncated three-byte sequence
      [0xC0, 0xAF],  // overlong slash
      [0xED, 0xA0, 0x80],  // surrogate
      [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
      [0x80, 0x80, 0x80],  // lone continuation bytes
      [0xFF, 0xFE, 0x61],  // bytes never valid in UTF-8
      [0x22, 0xC3, 0x22],  // invalid UTF-8 in a string
      [0x2F, 0xC3, 0x2F],  // invalid UTF-8 in a regex
      [0x2F, 0x2F, 0xFF, 0x0A, 0x61],  // invalid UTF-8 in a comment
      [0x60, 0xFF, 0x60],  // invalid UTF-8 in a backtick identifier
      [0x61, 0x00, 0x62, 0x00, 0x22, 0x00, 0x22],  // NUL bytes in code and strings
      [0x00, 0x23, 0x21, 0x2F, 0x62, 0x69, 0x6E],  // shebang after NUL
      [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x61],  // two byte-order marks
    ] as [[UInt8]])
  func invalidUTF8AndNUL(_ bytes: [UInt8]) {
    #expect(LexerTestSupport.losslessViolation(bytes) == nil)
  }

  /// Vector sources cut, duplicated and spliced at random: deep, half-finished literal
  /// nesting that random soup rarely reaches.
  @Test func mutatedFixturesRoundTrip() throws {
    let sources = try FixturePaths.files(under: FixturePaths.fixture("lexer"), suffix: ".swift").map {
      [UInt8](try Data(contentsOf: $0))
    }
    var generator = SplitMix64(seed: 0xF1C5)
    let rounds = Int(ProcessInfo.processInfo.environment["LEXER_FUZZ_ROUNDS"] ?? "") ?? 600
    for round in 0..<rounds {
      var bytes = sources[Int.random(in: 0..<sources.count, using: &generator)]
      for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
        let start = Int.random(in: 0..<bytes.count, using: &generator)
        let end = min(bytes.count, start + Int.random(in: 0...12, using: &generator))
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes.removeSubrange(start..<end)
        case 1: bytes.insert(contentsOf: bytes[start..<end], at: Int.random(in: 0...bytes.count, using: &generator))
        default:
          let other = sources[Int.random(in: 0..<sources.count, using: &generator)]
          let from = Int.random(in: 0..<max(1, other.count), using: &generator)
          bytes.insert(contentsOf: other[from..<min(other.count, from + 16)], at: start)
        }
      }
      if let violation = LexerTestSupport.losslessViolation(bytes) {
        Issue.record("round \(round): \(violation); input \(bytes)")
        return
      }
    }
  }

  @Test(arguments: [
    "let s = \"unterminated", "let s = \"\"\"\nnever closed", "let s = #\"raw", "let s = ##\"\"\"\nraw",
    "/* never closed /* nested */", "let s = \"\\(", "let s = \"\\(a", "let s = \"\"\"\n\\(a\n", "let r = #/abc",
    "let r = #/\nabc\n", "let r = /abc", "x = 'abc", "let `abc = 1", "let p = <#placeholder", "\"\\", "\"\"\"\\",
    "#", "#\"", "#\"\"\"", "\"\\#", "\"\\u{", "\"\\u{12", "/", "//", "/*", "`", "<#", "\\", "0x", "0b", "1e",
    "0x1p", "\"\\(\"", "#\"\\#(\"", "let a = \"\\(\"\\(\"\\(", "<<<<<<< HEAD\nno end", ">>>> \nno end",
    "let x = \"a\r\nb\"\rc\r", "\r\r\n\n\r", "let x = \"\"\"\r\n  a\r\n  \"\"\"\r\n",
  ])
  func unterminatedAndOddLineEnds(_ source: String) {
    #expect(LexerTestSupport.losslessViolation(Array(source.utf8)) == nil)
  }

  @Test func deeplyNestedParentheses() {
    let bytes =
      [UInt8](repeating: UInt8(ascii: "("), count: 100_000) + [UInt8](repeating: UInt8(ascii: ")"), count: 100_000)
    #expect(LexerTestSupport.losslessViolation(bytes) == nil)
    let stream = Lexer.tokenize(bytes)
    #expect(stream.partner.first == Int32(stream.significantCount - 1))
    #expect(LexerTestSupport.losslessViolation([UInt8](repeating: UInt8(ascii: "("), count: 100_000)) == nil)
  }

  @Test func deeplyNestedInterpolations() {
    let depth = 10_000
    var source = [UInt8]()
    for _ in 0..<depth { source += Array("\"\\(".utf8) }
    source += Array("x".utf8)
    for _ in 0..<depth { source += Array(")\"".utf8) }
    #expect(LexerTestSupport.losslessViolation(source) == nil)
    let stream = Lexer.tokenize(source)
    #expect(stream.tokens.filter { $0.kind == .stringQuote }.count == 2 * depth)
    // And left open at the end of the file.
    #expect(LexerTestSupport.losslessViolation(Array(source.prefix(3 * depth + 1))) == nil)
    // And left open at a line end, which unwinds every level at once: what follows is code.
    let unwound = Array(source.prefix(3 * depth + 1)) + Array("\nlet y".utf8)
    #expect(LexerTestSupport.losslessViolation(unwound) == nil)
    let last = Lexer.tokenize(unwound).tokens.filter { !$0.kind.isTrivia }.suffix(3)
    #expect(last.map(\.kind) == [.keyword, .identifier, .endOfFile])
    #expect(last.allSatisfy { !$0.flags.contains(.inInterpolation) })
  }

  @Test func deeplyNestedRawAndMultilineStrings() {
    var source = [UInt8]()
    for _ in 0..<3_000 { source += Array("#\"\"\"\n\\#(".utf8) }
    for _ in 0..<3_000 { source += Array(")\n\"\"\"#".utf8) }
    #expect(LexerTestSupport.losslessViolation(source) == nil)
  }

  @Test func fiveMegabyteSingleLine() {
    let unit = Array("let value = compute(a, b) + \"text \\(x)\" // c /* d */ ".utf8)
    var line = [UInt8]()
    line.reserveCapacity(5_000_000 + unit.count)
    while line.count < 5_000_000 { line += unit }
    #expect(LexerTestSupport.losslessViolation(line) == nil)
  }

  /// Inputs that a naive lexer rescans from every position: each must stay linear.
  @Test(arguments: ["#", "“", "(/a", "<#+", "`", "\"\\u{", "0x", "<<<<<<< x\n", ">>>> x\n", "#/\n", "x /a ", "/*"])
  func repetitiveInputsStayLinear(_ unit: String) {
    let bytes = [UInt8]((0..<200_000 / unit.utf8.count).flatMap { _ in Array(unit.utf8) })
    #expect(LexerTestSupport.losslessViolation(bytes) == nil)
  }
}
