import Classify
import Testing

/// `CombineFacts.Helper.accepts`: a call binds to a helper by the labels Swift lets it use.
@Suite struct HelperCallTests {
  static let trailing = CandidateFinding.trailingClosure

  /// `convenience init(priority: TaskPriority? = nil, operation: @escaping () async throws -> Output)`
  static let priorityOperation = helper(["priority", "operation"], defaulted: [true, false], closures: [false, true])
  /// `convenience init(isolation: isolated (any Actor)? = #isolation, _ operation: …)`
  static let isolationUnlabelled = helper(["isolation", "_"], defaulted: [true, false], closures: [false, true])

  static func helper(_ labels: [String], defaulted: [Bool], closures: [Bool]) -> CombineFacts.Helper {
    var helper = CombineFacts.Helper(kind: .futureInitialiser, name: "Future.init", labels: labels, line: 1)
    helper.defaulted = defaulted
    helper.takesClosure = closures
    return helper
  }

  @Test func defaultedParametersMayBeLeftOutAndTheClosureMayTrail() {
    let helper = Self.priorityOperation
    #expect(helper.accepts([Self.trailing]))
    #expect(helper.accepts(["priority", Self.trailing]))
    #expect(helper.accepts(["operation"]))
    #expect(helper.accepts(["priority", "operation"]))
  }

  @Test func callsThatCannotBindAreRejected() {
    let helper = Self.priorityOperation
    #expect(!helper.accepts(["priority"]))
    #expect(!helper.accepts(["_"]))
    #expect(!helper.accepts(["operation", "priority"]))
    #expect(!helper.accepts(["operation", Self.trailing]))
    #expect(!helper.accepts([]))
  }

  @Test func unlabelledOperationBesideAnIsolationParameter() {
    let helper = Self.isolationUnlabelled
    #expect(helper.accepts(["_"]))
    #expect(helper.accepts([Self.trailing]))
    #expect(helper.accepts(["isolation", "_"]))
    #expect(!helper.accepts(["operation"]))
  }

  @Test func helperWithoutParameterDetailsNeedsTheExactLabels() {
    let helper = CombineFacts.Helper(kind: .futureInitialiser, name: "Future.init", labels: ["operation"], line: 1)
    #expect(helper.accepts(["operation"]))
    #expect(helper.accepts([Self.trailing]))
    #expect(!helper.accepts(["priority", Self.trailing]))
  }
}
