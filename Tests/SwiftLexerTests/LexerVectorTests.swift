import Foundation
import MigrateScanTestSupport
import SwiftLexer
import Testing

/// Every `Fixtures/lexer/*.swift` sample against the official swift-syntax lexer's dump beside
/// it (`.tokens`): the same byte range and kind for every token, comment and piece of
/// unexpected text. The official dumps list some zero-width tokens (empty string segments),
/// which ours leaves out, so those lines are dropped before comparing.
@Suite struct LexerVectorTests {
  /// The vector file names, for readable test case names.
  static let vectorNames: [String] = FixturePaths.files(under: FixturePaths.fixture("lexer"), suffix: ".swift")
    .map(\.lastPathComponent)

  @Test func allVectorsArePresent() {
    #expect(Self.vectorNames.count >= 59)
  }

  @Test(arguments: vectorNames)
  func matchesOfficialLexer(_ name: String) throws {
    let source = FixturePaths.fixture("lexer/\(name)")
    let expectedURL = source.deletingPathExtension().appendingPathExtension("tokens")
    let bytes = [UInt8](try Data(contentsOf: source))
    let expectedText = try String(contentsOf: expectedURL, encoding: .utf8)
    let expected = expectedText.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
      .filter { !Self.isZeroWidth($0) }
    let actual = Lexer.tokenize(bytes).dump().split(separator: "\n", omittingEmptySubsequences: true)
      .map(String.init)
    if let difference = Self.firstDifference(expected: expected, actual: actual) {
      Issue.record("\(name) differs from the official lexer:\n\(difference)")
    }
  }

  /// True for a dump line whose start equals its end.
  static func isZeroWidth(_ line: String) -> Bool {
    var fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    if fields.first == "T" { fields.removeFirst() }
    guard fields.count >= 2 else { return false }
    return fields[0] == fields[1]
  }

  /// The first differing line with a little context, or `nil` when the dumps agree.
  static func firstDifference(expected: [String], actual: [String]) -> String? {
    guard expected != actual else { return nil }
    var index = 0
    while index < expected.count && index < actual.count && expected[index] == actual[index] { index += 1 }
    let from = max(0, index - 2)
    func window(_ lines: [String]) -> String {
      lines[from..<min(lines.count, index + 4)].map { "    " + $0 }.joined(separator: "\n")
    }
    return """
      first difference at line \(index + 1):
        expected (swift-syntax):
      \(window(expected))
        actual (SwiftLexer):
      \(window(actual))
      """
  }
}
