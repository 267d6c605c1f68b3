import MigrateScanTestSupport
import Testing

/// `Fixtures/projects/VendoredFuture`: a module declaring its own `Future` hides Combine's only
/// from the files that can see it.
@Suite struct ModuleVisibilityTests {
  @Test func vendoredFutureHidesCombinesOnlyWhereItIsVisible() {
    let root = FixturePaths.fixture("projects/VendoredFuture").path
    let run = CLIRun([root, "--format", "xcode", "--quiet"])
    #expect(run.status == .success)
    let wrappers = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[future-task-wrapper]") }
      .map { $0.prefix { $0 != " " }.dropFirst(root.count + 1) }  // xcode lines are absolute
    #expect(
      wrappers == [
        // App imports Combine, not Vendor: Combine's `Future`.
        "Sources/App/Profile.swift:8:5:",
        // Mixed imports both: `Combine.Future`, and the `promise(.success(…))` shape.
        "Sources/Mixed/Bridge.swift:10:5:",
        "Sources/Mixed/Bridge.swift:17:5:",
      ])
    // Not Vendor's own `Future` (same module), not Client's (imports Vendor only), not Mixed's
    // `resolve` shape.
  }
}
