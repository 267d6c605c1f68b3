import Testing

@testable import MigrateScanKit

/// The type part of a finding's symbol: the leading capitalised components.
@Suite struct WorkUnitKeyTests {
  @Test(
    arguments: [
      ("Feed.Loader.load", "Feed.Loader"), ("Feed", "Feed"), ("load", nil), ("Feed.load.Inner", "Feed"),
      ("", nil), ("Café.Menü.item", "Café.Menü"), ("A.", "A"), (".A", nil), ("Outer.Inner.", "Outer.Inner"),
    ] as [(String, String?)])
  func typePartKeepsTheLeadingTypeNames(symbol: String, expected: String?) {
    #expect(WorkUnitKey.typePart(of: symbol) == expected)
  }
}
