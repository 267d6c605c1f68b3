/// One place where a pattern rule matched a file.
package struct Match: Sendable, Equatable {
  /// What a metavariable matched.
  package struct Binding: Sendable, Equatable {
    /// The metavariable's name without `$` (`PROMISE`, or `ARGS` for `$$$ARGS`).
    package var name: String
    /// Positions in `TokenStream.significant`, half open; empty for an empty `$$$NAME` run.
    package var positions: Range<Int>
    /// Bytes of the source, from the first token's start to the last token's end (empty for
    /// an empty run, at the position where it would be).
    package var bytes: Range<Int>

    package init(name: String, positions: Range<Int>, bytes: Range<Int>) {
      self.name = name
      self.positions = positions
      self.bytes = bytes
    }
  }

  /// Index of the rule in the rules the `Matcher` was built with (`RuleCatalog.rules`).
  package var ruleIndex: Int
  /// First significant position of the match.
  package var start: Int
  /// Last significant position of the match (inclusive).
  package var end: Int
  /// Bytes from the first token's start to the last token's end.
  package var bytes: Range<Int>
  /// The metavariables of the pattern that produced the match, sorted by name.
  package var bindings: [Binding]

  package init(ruleIndex: Int, start: Int, end: Int, bytes: Range<Int>, bindings: [Binding]) {
    self.ruleIndex = ruleIndex
    self.start = start
    self.end = end
    self.bytes = bytes
    self.bindings = bindings
  }

  /// The binding of `name`, if the pattern has that metavariable.
  package func binding(_ name: String) -> Binding? {
    bindings.first { $0.name == name }
  }
}
