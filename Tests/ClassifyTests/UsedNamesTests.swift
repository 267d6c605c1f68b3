import Classify
import Testing

@Suite struct UsedNamesTests {
  /// Names of every length around the 8-, 16- and 24-byte words, some differing only far in.
  let names: [String] = {
    var names: [String] = []
    for length in [1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 25, 40] {
      let base = String(repeating: "a", count: length)
      names.append(base)
      names.append("b" + base.dropFirst())
      names.append(base.dropLast() + "c")
      if length > 20 {
        var bytes = Array(base.utf8)
        bytes[length / 2] = UInt8(ascii: "d")
        names.append(String(decoding: bytes, as: UTF8.self))
      }
    }
    return names
  }()

  /// Inserts `inserted` from one buffer (the last name at its very end, so no word can be read
  /// past it) and checks every name in `names` is found exactly when a `Set` finds it.
  func check(_ inserted: [String], against queried: [String]) {
    var source: [UInt8] = []
    var spans: [(Int, Int)] = []
    for name in inserted {
      source.append(0x20)
      spans.append((source.count, name.utf8.count))
      source.append(contentsOf: name.utf8)
    }
    var used = UsedNames()
    for (start, count) in spans + spans { used.insert(source, start: start, count: count) }
    let expected = Set(inserted)
    for name in queried {
      #expect(used.contains(name) == expected.contains(name), "\(name)")
    }
    #expect(Set(used.names) == expected)
    var shrunk = used
    shrunk.shrinkToFit()
    for name in queried { #expect(shrunk.contains(name) == expected.contains(name), "\(name) after shrinking") }
    #expect(shrunk.names == used.names)
    let other = UsedNames(queried)
    #expect(Set(used.intersection(other)) == Set(queried.filter(expected.contains)))
    #expect(Set(other.intersection(used)) == Set(queried.filter(expected.contains)))
  }

  @Test func answersLikeASet() {
    check(Array(names.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)), against: names)
    check(names, against: names + ["", "zz"])
    check([], against: names)
  }

  @Test func equalStringsAreFoundWhateverTheirBytes() {
    check(["Kelvin", "caf\u{E9}"], against: ["\u{212A}elvin", "cafe\u{301}", "cafe", "Kelvin"])
    check(["\u{212A}elvin"], against: ["Kelvin", "kelvin"])
    let names = UsedNames(["caf\u{E9}", "cafe\u{301}", "x"])
    #expect(names.names == ["caf\u{E9}", "x"])
  }
}
