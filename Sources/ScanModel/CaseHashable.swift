/// A string-valued enum hashed by its case rather than by its raw value.
///
/// A `RawRepresentable` enum takes the standard library's hashing of its `rawValue`: every
/// `Set<CategoryID>` insert and `[StepKind: …]` lookup hashed a string like
/// `"future-task-wrapper"`, 60 million instructions of a million-line scan for the categories
/// alone. Equality is unaffected (the compiler's, by case). Hash values never reach output:
/// they are seeded per process anyway.
package protocol CaseHashable: RawRepresentable, Hashable where RawValue == String {}

extension CaseHashable {
  /// The case's position in the declaration: a payload-free enum of fewer than 256 cases is
  /// that one byte (`unsafeBitCast` traps on any other size).
  @inline(__always)
  private var caseIndex: UInt8 { unsafeBitCast(self, to: UInt8.self) }

  /// The case's position in the declaration (its index in `allCases` for a `CaseIterable` enum):
  /// a table of one entry per case is indexed by it.
  @inline(__always)
  package var caseOrdinal: Int { Int(caseIndex) }

  package func hash(into hasher: inout Hasher) { hasher.combine(caseIndex) }

  // The hashing collections call this, and `RawRepresentable` has its own: both must change.
  package func _rawHashValue(seed: Int) -> Int {
    var hasher = Hasher()
    hasher.combine(seed)
    hasher.combine(caseIndex)
    return hasher.finalize()
  }
}
