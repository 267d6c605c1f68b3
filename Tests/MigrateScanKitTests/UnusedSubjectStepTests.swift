import Testing

@testable import MigrateScanKit

/// The step of a subject nothing names says what goes: the subject, not the type that holds it.
@Suite struct UnusedSubjectStepTests {
  @Test func theStepRemovesTheSubjectNotItsType() {
    var title = StepTitle()
    title.counts.add(.subject)
    #expect(
      title.title(section: .cleanup, kind: .subject, name: "AddAccountView")
        == "`AddAccountView`: remove 1 unused subject")
    title.counts.add(.subject)
    #expect(
      title.title(section: .cleanup, kind: .subject, name: "AddAccountView")
        == "`AddAccountView`: remove 2 unused subjects")
    // Anything else in the step keeps the general words.
    title.counts.add(.publishedProperty)
    #expect(title.title(section: .cleanup, kind: .type, name: "Model") == "`Model`: remove what nothing uses")
    // A bridge keeps its own.
    var bridge = StepTitle()
    bridge.counts.add(.bridgeHelper)
    #expect(
      bridge.title(section: .cleanup, kind: .bridge, name: "Publisher.firstValue")
        == "Remove `Publisher.firstValue`: nothing in the tree uses it any more")
  }
}
