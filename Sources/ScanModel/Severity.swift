/// How serious a finding is; maps one to one onto SARIF `level`.
package enum Severity: String, CaseHashable, Sendable, Codable, CaseIterable, Comparable {
  case note
  case warning
  case error

  private var rank: Int {
    switch self {
    case .note: return 0
    case .warning: return 1
    case .error: return 2
    }
  }

  package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
