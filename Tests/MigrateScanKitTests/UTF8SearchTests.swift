import ScanModel
import Testing

/// The byte search on contiguous UTF-8 agrees with the generic view's, for ASCII and
/// non-ASCII text, small and large strings, and searches that stop early.
@Suite struct UTF8SearchTests {
  @Test(arguments: ["", ".", "a", "a.b", "Outer.Inner.Leaf", "..", "é.ü.日本", "no-dot", "trailing.", ".leading"])
  func agreesWithTheGenericSearch(text: String) {
    let dot = UInt8(ascii: ".")
    #expect(text.lastIndex(ofUTF8: dot) == text.utf8.lastIndex(of: dot))
    var end = text.utf8.endIndex
    while end > text.utf8.startIndex {
      #expect(text.lastIndex(ofUTF8: dot, before: end) == text.utf8[..<end].lastIndex(of: dot))
      end = text.utf8.index(before: end)
    }
    #expect(text.lastIndex(ofUTF8: dot, before: text.utf8.startIndex) == nil)
    #expect(text.firstIndex(ofUTF8: dot) == text.utf8.firstIndex(of: dot))
  }

  @Test func theIndexCutsTheStringWhereExpected() {
    let name = "Feature.State.Action"
    let dot = name.lastIndex(ofUTF8: UInt8(ascii: "."))!
    #expect(name[name.utf8.index(after: dot)...] == "Action")
    let earlier = name.lastIndex(ofUTF8: UInt8(ascii: "."), before: dot)!
    #expect(name[..<earlier] == "Feature")
  }

  @Test func afterLastKeepsWhatFollowsTheLastSeparator() {
    let dot = UInt8(ascii: ".")
    #expect("Outer.Inner".afterLast(dot) == "Inner")
    #expect("A.B.Café".afterLast(dot) == "Café")
    #expect("NoDot".afterLast(dot) == "NoDot")
    #expect("Trailing.".afterLast(dot) == "")
    #expect("Sources/Feature/Model.swift".afterLast(UInt8(ascii: "/")) == "Model.swift")
  }
}
