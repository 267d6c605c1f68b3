import Classify
import SwiftLexer
import Testing

@Suite struct SignificantTokenViewTests {
  /// The roles of the `{`s of `source`, in order.
  func roles(_ source: String) -> [SignificantTokenView.BraceRole] {
    let view = SignificantTokenView(Lexer.tokenize(Array(source.utf8)))
    return (0..<view.count).filter { view.kind($0) == .leftBrace }.map { view.braceRole[$0] }
  }

  @Test func declarationWordsAreTheWordsThatMayDeclare() {
    let source = "actor A { typealias T = Int; if x.let { set(get) }; class var y: T { 1 } }; self.func(extension)"
    let view = SignificantTokenView(Lexer.tokenize(Array(source.utf8)))
    let words = view.declarationWords.map { view.text(Int($0)) }
    // Not `if`, `set`, `get` (no declaration of their own) nor the words after `.`.
    #expect(words == ["actor", "typealias", "class", "var", "extension"])
    #expect(view.declarationWords == view.declarationWords.sorted())
  }

  @Test func statementDeclarationAndClosureBraces() {
    let source = """
      struct S {
        var x: Int { get { 1 } }
        let handler = { print(1) }
        func f() {
          let value: Int
          load { value = $0 }
          if let y = items.first(where: { $0 > 1 }) { print(y) } else { print(0) }
          guard ready else { return }
          switch value { case let .some(v): use { v } default: break }
        }
      }
      """
    #expect(
      roles(source) == [
        .declaration, .declaration, .declaration, .closure, .declaration, .closure, .closure, .statement,
        .statement, .statement, .statement, .closure,
      ])
  }

  /// A statement word used as a label (`for:`, a parameter `for key`) opens no statement: the
  /// closure after it stays a closure (woocommerce's `invite(for: email, done: { … })` read its
  /// `done` closure as a `for` loop's body).
  @Test func aStatementWordAsALabelOpensNoStatement() {
    let source = """
      func invite(for email: String, done: () -> Void = { }) { }
      service.invite(for: email, done: { c.resume() }, failed: { c.resume(throwing: $0) })
      for name in names { print(name) }
      """
    #expect(roles(source) == [.closure, .declaration, .closure, .closure, .statement])
  }

  @Test func normalisedTextIgnoresLayoutAndComments() {
    let view = SignificantTokenView(Lexer.tokenize(Array("a . b(\n  1, // c\n  2)".utf8)))
    #expect(view.normalisedText(0, view.count - 1) == "a . b ( 1 , 2 )")
    let compact = SignificantTokenView(Lexer.tokenize(Array("a.b(1,2)".utf8)))
    #expect(compact.normalisedText(0, compact.count - 1) == "a . b ( 1 , 2 )")
  }
}
