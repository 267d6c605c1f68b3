/// A position in a source file, as reports show it.
package struct SourceLocation: Sendable, Codable, Hashable, Comparable {
  /// 1-based line.
  package var line: Int
  /// 1-based column in UTF-8 bytes (what editors and `path:line:col` diagnostics use).
  package var column: Int
  /// 1-based column in Unicode scalars (SARIF `columnKind: unicodeCodePoints`).
  package var scalarColumn: Int

  package init(line: Int, column: Int, scalarColumn: Int? = nil) {
    self.line = line
    self.column = column
    self.scalarColumn = scalarColumn ?? column
  }

  package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// A half-open range in a source file: `end` is the position just past the last character.
package struct SourceRange: Sendable, Codable, Hashable {
  package var start: SourceLocation
  package var end: SourceLocation

  package init(start: SourceLocation, end: SourceLocation) {
    self.start = start
    self.end = end
  }
}
