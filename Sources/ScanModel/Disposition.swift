/// What the plan does with a finding.
package enum Disposition: String, CaseHashable, Sendable, Codable, CaseIterable, Comparable {
  /// Move it to Swift concurrency, in the finding's phase.
  case migrate
  /// Keep it on Combine on purpose (its worth is its operators, or it broadcasts).
  case keep
  /// Large, working, untested code: migrate it when it must change anyway.
  case leaveAlone = "leave-alone"
  /// A bug today: fix it whatever the plan says.
  case fixNow = "fix-now"
  /// The replacement needs a newer OS than the module's deployment target (`@Observable` on an
  /// iOS 15 app): out of the open checklists until the target is raised; `Finding.deploymentGates`
  /// says to what.
  case blockedByDeploymentTarget = "blocked-by-deployment-target"

  package static func < (lhs: Disposition, rhs: Disposition) -> Bool { lhs.rawValue < rhs.rawValue }
}
