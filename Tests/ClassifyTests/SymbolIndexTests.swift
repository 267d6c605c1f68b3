import Classify
import SwiftLexer
import Testing

@Suite struct SymbolIndexTests {
  func symbol(of text: String, in source: String, occurrence: Int = 0) -> String? {
    let view = SignificantTokenView(Lexer.tokenize(Array(source.utf8)))
    let index = SymbolIndex(view)
    return index.symbol(at: Support.position(of: text, in: source, occurrence: occurrence))
  }

  let source = """
    import Combine
    let top = marker0
    final class Outer: NSObject {
      struct Inner {
        var value: Int { marker1 }
        func run() { func local() { marker2 }; let f = { marker3 } }
      }
      class func make() -> Outer { marker4 }
      init(x: Int = { marker5 }()) { super.init(); marker6 }
      var cancellables = Set<AnyCancellable>()
      subscript(i: Int) -> Int { marker7 }
    }
    extension Outer.Inner: Equatable {
      static func == (a: Self, b: Self) -> Bool { marker8 }
    }
    actor Store { func save() { marker9 } }
    func free() { if true { marker10 } }
    """

  @Test func enclosingDeclarations() {
    // A top-level initialiser has no braces, so no declaration scope.
    #expect(symbol(of: "marker0", in: source) == nil)
    #expect(symbol(of: "marker1", in: source) == "Outer.Inner.value")
    #expect(symbol(of: "marker2", in: source) == "Outer.Inner.run")
    #expect(symbol(of: "marker3", in: source) == "Outer.Inner.run")
    #expect(symbol(of: "marker4", in: source) == "Outer.make")
    #expect(symbol(of: "marker6", in: source) == "Outer.init")
    #expect(symbol(of: "marker7", in: source) == "Outer.subscript")
    #expect(symbol(of: "marker8", in: source) == "Outer.Inner.==")
    #expect(symbol(of: "marker9", in: source) == "Store.save")
    #expect(symbol(of: "marker10", in: source) == "free")
  }

  @Test func bracesBelongToTheScopeTheyOpenAndClose() {
    let source = "struct S { func f() { a } b }"
    let index = SymbolIndex(SignificantTokenView(Lexer.tokenize(Array(source.utf8))))
    let open = Support.position(of: "{", in: source, occurrence: 1)
    let close = Support.position(of: "}", in: source, occurrence: 0)
    #expect(index.symbol(at: open) == "S.f")
    #expect(index.symbol(at: close) == "S.f")
    #expect(index.symbol(at: close + 1) == "S")
    #expect(index.symbol(at: Support.position(of: "struct", in: source)) == nil)
    #expect(index.symbol(at: -1) == nil && index.symbol(at: 1_000) == nil)
  }

  @Test func aTypesOwnPositionsLeaveOutItsMembersBodies() {
    let source = "struct S { let a = 1; func f() { let b = 2 }; var c: Int }"
    let index = SymbolIndex(SignificantTokenView(Lexer.tokenize(Array(source.utf8))))
    let type = index.scopes.firstIndex { $0.typePath == "S" && $0.member == nil }!
    let scope = index.scopes[type]
    let own = index.positions(inScope: type, within: (scope.open + 1)..<scope.close).joined()
    let words = own.map { Support.text(at: $0, in: source) }
    #expect(words.contains("a") && words.contains("c") && words.contains("func"))
    #expect(!words.contains("b"))
    #expect(index.positions(inScope: type, within: 0..<0).isEmpty)
  }

  @Test func declaredTypes() {
    let view = SignificantTokenView(Lexer.tokenize(Array(source.utf8)))
    #expect(SymbolIndex(view).declaredTypes == ["Outer", "Inner", "Store"])
  }

  @Test func malformedInputNeverCrashes() {
    let deep = String(repeating: "{ Future { promise in Task { ", count: 30_000) + "}}"
    let unbalanced = "class A { func f() { } } } } func g() { Future { promise in Task { $x.sink { } "
    let detectors = Support.allRules.map(\.detector)
    for text in [deep, unbalanced, "", "}", "{", "import", "@Published", "Future<", "$"] {
      let result = Support.classify("import Combine\n" + text, detectors: detectors)
      #expect(result.path == "Sources/App/File.swift")
    }
  }

  @Test func deepBalancedNestingFinishesWithNoCandidates() {
    let depth = 20_000
    let source =
      "import Combine\nfunc f() async { await withCheckedContinuation { c in "
      + String(repeating: "if a { ", count: depth) + "c.resume() " + String(repeating: "} ", count: depth) + "} }\n"
      + "func g() { " + String(repeating: "x.map { ", count: depth) + String(repeating: "} ", count: depth) + "}"
    // No timing: a quadratic pass shows up as a hung test; the benchmark measures speed.
    let result = Support.classify(source, detectors: Support.allRules.map(\.detector))
    #expect(result.candidates.isEmpty)
  }
}
