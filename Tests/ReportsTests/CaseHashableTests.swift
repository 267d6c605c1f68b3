import ScanModel
import Testing

/// The ids hashed by case (`CaseHashable`) are still distinct keys, equal to themselves, and the
/// same keys as their raw values read back: sets and tables of them behave as before.
@Suite struct CaseHashableTests {
  @Test func everyCaseIsItsOwnKey() {
    #expect(Set(CategoryID.allCases).count == CategoryID.allCases.count)
    #expect(Set(PlanSectionID.allCases).count == PlanSectionID.allCases.count)
    #expect(Set(StepKind.allCases).count == StepKind.allCases.count)
    #expect(Set(Disposition.allCases).count == Disposition.allCases.count)
    #expect(Set(Phase.allCases).count == Phase.allCases.count)
    #expect(Set(Severity.allCases).count == Severity.allCases.count)
  }

  @Test func aCaseReadFromItsRawValueFindsItsEntry() throws {
    var table: [CategoryID: Int] = [:]
    for (index, category) in CategoryID.allCases.enumerated() { table[category] = index }
    for (index, category) in CategoryID.allCases.enumerated() {
      let decoded = try #require(CategoryID(rawValue: category.rawValue))
      #expect(table[decoded] == index)
      #expect(decoded.hashValue == category.hashValue)
    }
  }

  /// A case's ordinal is its index in `allCases` (tables by case rely on it), and the plan's
  /// table of category counts has room for sixteen categories.
  @Test func ordinalsAreTheCasesPositions() {
    #expect(CategoryID.allCases.enumerated().allSatisfy { $0.offset == $0.element.caseOrdinal })
    #expect(StepKind.allCases.enumerated().allSatisfy { $0.offset == $0.element.caseOrdinal })
    #expect(CategoryID.allCases.count <= 16)
  }
}
