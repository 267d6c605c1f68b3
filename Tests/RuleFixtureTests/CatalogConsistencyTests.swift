import Classify
import Foundation
import MigrateScanTestSupport
import RuleEngine
import ScanModel
import Testing

/// The catalogue's conventions, checked so that adding a rule cannot quietly break them.
@Suite struct CatalogConsistencyTests {
  @Test func idsAreKebabCaseUniqueAndSorted() throws {
    let catalog = try RuleFixtures.catalog()
    let ids = try catalogIDsInFileOrder()
    #expect(ids == ids.sorted(), "keep rules.json sorted by id")
    #expect(Set(ids).count == ids.count)
    for id in ids { #expect(RuleSpec.isValidID(id), "\(id) is not kebab-case") }
    #expect(catalog.rules.map(\.id) == ids)
  }

  @Test func everyRuleHasAFixtureThatFires() throws {
    let catalog = try RuleFixtures.catalog()
    let fixtures = FixturePaths.files(under: FixturePaths.fixture("rules"), suffix: ".swift").map(\.lastPathComponent)
    for rule in catalog.rules {
      let own = fixtures.filter { $0.prefix { $0 != "." } == rule.id }
      #expect(own.contains("\(rule.id).swift"), "\(rule.id) has no Fixtures/rules/\(rule.id).swift")
      // Case fixtures may hold only look-alikes (`<id>.local-future.swift`), but the main one
      // must fire: a rule that never fires on its own fixture is a bug.
      let expected = FixturePaths.fixture("rules/\(rule.id).expected")
      let text = (try? String(contentsOf: expected, encoding: .utf8)) ?? ""
      #expect(text.contains(" \(rule.id) "), "\(rule.id): the rule never fires on its own fixture")
    }
  }

  @Test func everyFixtureNamesAKnownRule() throws {
    let ids = Set(try RuleFixtures.catalog().rules.map(\.id))
    for url in FixturePaths.files(under: FixturePaths.fixture("rules"), suffix: ".swift") {
      let id = String(url.lastPathComponent.prefix { $0 != "." })
      #expect(ids.contains(id), "\(url.lastPathComponent) names no rule")
    }
  }

  @Test func detectorsExistAndAreUsed() throws {
    let catalog = try RuleFixtures.catalog()
    let used = Set(catalog.rules.compactMap(\.detector))
    for name in used { #expect(Detectors.names.contains(name), "\(name) is not in Detectors.all") }
    for name in Detectors.names { #expect(used.contains(name), "detector \(name) is used by no rule") }
  }

  @Test func everyCategoryHasARule() throws {
    let categories = Set(try RuleFixtures.catalog().rules.map(\.category))
    for category in CategoryID.allCases { #expect(categories.contains(category), "no rule for \(category.rawValue)") }
  }

  private func catalogIDsInFileOrder() throws -> [String] {
    let data = try Data(contentsOf: FixturePaths.packageRoot.appendingPathComponent("rules.json"))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let rules = object?["rules"] as? [[String: Any]] ?? []
    return rules.compactMap { $0["id"] as? String }
  }
}
