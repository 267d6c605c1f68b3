import RuleEngine
import SwiftLexer
import Testing

/// Pattern compilation: errors with positions, anchors, required words and metavariables.
@Suite struct PatternCompilerTests {
  static func failure(_ text: String) -> PatternCompiler.Failure? {
    do {
      _ = try PatternCompiler.compile(text)
      return nil
    } catch {
      return error
    }
  }

  static func words(_ pattern: Pattern) -> [String] {
    pattern.requiredWords.map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func unbalancedBracketReportsItsColumn() {
    #expect(Self.failure("Future { $P in Task { } ") == .init(problem: .unbalanced("{"), line: 1, column: 8))
    #expect(Self.failure("f(a[b]") == .init(problem: .unbalanced("("), line: 1, column: 2))
  }

  @Test func strayAndMismatchedClosers() {
    #expect(Self.failure("Deferred )") == .init(problem: .unexpectedCloser(")"), line: 1, column: 10))
    #expect(Self.failure("foo(a]") == .init(problem: .mismatchedCloser(open: "(", close: "]"), line: 1, column: 6))
  }

  @Test func deepPatternNestingIsRefused() {
    let deep = String(repeating: "(", count: 65) + String(repeating: ")", count: 65)
    #expect(Self.failure(deep) == .init(problem: .nestingTooDeep(limit: 64), line: 1, column: 65))
    let fine = String(repeating: "(", count: 64) + String(repeating: ")", count: 64)
    #expect(Self.failure(fine) == nil)
  }

  @Test func multiLinePatternReportsLineAndColumn() {
    #expect(
      Self.failure("sink {\n  receive(\n}")
        == .init(problem: .mismatchedCloser(open: "(", close: "}"), line: 3, column: 1))
  }

  @Test func bracketsInsideLiteralsAndCommentsDoNotCount() throws {
    let pattern = try PatternCompiler.compile(#"print("(", /* { */ x) // ]"#)
    #expect(pattern.sequences.count == 2)
    #expect(Self.words(pattern) == ["print", "x"])
  }

  @Test func unterminatedStringIsRejected() {
    #expect(Self.failure(#"print("abc)"#)?.problem == .unterminatedLiteral)
  }

  @Test func emptyAndMetavariableOnlyPatterns() {
    #expect(Self.failure("  // only a comment") == .init(problem: .empty, line: 1, column: 1))
    #expect(Self.failure("$$$") == .init(problem: .noLiteralToken, line: 1, column: 1))
    #expect(Self.failure("$A $$$B") == .init(problem: .noLiteralToken, line: 1, column: 1))
  }

  @Test func anchorIsTheFirstLiteralElement() throws {
    let plain = try PatternCompiler.compile("Future { $$$ }")
    #expect(plain.anchorIndex == 0)
    #expect(plain.anchorBytes == Array("Future".utf8))

    let leadingRun = try PatternCompiler.compile("$$$ Task { $$$ }")
    #expect(leadingRun.anchorIndex == 1)
    #expect(leadingRun.anchorBytes == Array("Task".utf8))

    let receiver = try PatternCompiler.compile("$PUBLISHER.sink { $$$ }")
    #expect(receiver.anchorIndex == 1)
    #expect(receiver.anchorBytes == Array(".".utf8))

    let group = try PatternCompiler.compile("$A ($$$)")
    #expect(group.anchorBytes == Array("(".utf8))

    let string = try PatternCompiler.compile(#""done" == $X"#)
    #expect(string.anchorBytes == Array("\"".utf8))
  }

  @Test func requiredWordsAreLiteralIdentifiersAndKeywords() throws {
    let pattern = try PatternCompiler.compile("Future { $PROMISE in $$$ Task { $$$ } $$$ }")
    #expect(Self.words(pattern) == ["Future", "Task", "in"])
    let escaped = try PatternCompiler.compile("`class`.x")
    #expect(Self.words(escaped) == ["class", "x"])
  }

  @Test func metavariableSpellings() throws {
    let pattern = try PatternCompiler.compile("f($A, $$$REST, ..., $$$, $0, $lower, $A)")
    #expect(pattern.slotNames == ["A", "REST"])
    #expect(pattern.hasRepeatedMetavariables)
    guard case .group(_, let inner) = pattern.sequences[0][1] else {
      Issue.record("expected a group")
      return
    }
    let kinds = pattern.sequences[inner].map { element -> String in
      switch element {
      case .single(let slot): return "single \(slot)"
      case .run(let slot): return "run \(slot.map(String.init) ?? "-")"
      case .token(let literal): return String(decoding: literal.bytes, as: UTF8.self)
      case .literal: return "literal"
      case .group: return "group"
      }
    }
    #expect(kinds == ["single 0", ",", "run 1", ",", "run -", ",", "run -", ",", "$0", ",", "$lower", ",", "single 0"])
    #expect(try !PatternCompiler.compile("f($A, $B)").hasRepeatedMetavariables)
  }

  @Test func stringLiteralIsOneElement() throws {
    let pattern = try PatternCompiler.compile(#"log("value: \(x)")"#)
    guard case .group(_, let inner) = pattern.sequences[0][1], case .literal(let pieces) = pattern.sequences[inner][0]
    else {
      Issue.record("expected a literal inside the call")
      return
    }
    #expect(pieces.count == 7)
    #expect(Self.words(pattern) == ["log"])
  }
}
