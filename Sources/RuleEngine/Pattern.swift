import SwiftLexer

/// A compiled token pattern: Swift code with metavariables, as a tree of bracketed sequences.
///
/// Sequences are stored flat (`sequences[0]` is the top level, a group refers to its inner
/// sequence by index) so the matcher can give every "rest of a sequence" a small integer id for
/// its failure memo.
package struct Pattern: Sendable {
  /// One literal token of the pattern.
  package struct Literal: Sendable, Equatable {
    package enum Class: Sendable, Equatable {
      /// Identifiers and keywords match each other by text: context decides the kind
      /// (`get` is a keyword in an accessor, an identifier elsewhere). Backticks are ignored.
      case word
      /// Operators and punctuation match by text alone: `!` is `exclamationMark` after an
      /// expression but `prefixOperator` before one, and `<` in `Future<A, B>` is an operator
      /// whose kind depends on spacing.
      case symbol
      /// Literal structure (quotes, segments, regex pieces) matches by kind and text.
      case exact(TokenKind)
    }

    package var tokenClass: Class
    package var bytes: [UInt8]

    package init(tokenClass: Class, bytes: [UInt8]) {
      self.tokenClass = tokenClass
      self.bytes = bytes
    }
  }

  /// One element of a sequence.
  package enum Element: Sendable, Equatable {
    /// A literal token (never a bracket: brackets make groups).
    case token(Literal)
    /// A whole string or regex literal, every piece and interpolated token in order.
    case literal([Literal])
    /// `( … )`, `[ … ]` or `{ … }`: `open` is the opening byte, `sequence` the inside.
    case group(open: UInt8, sequence: Int)
    /// `$NAME`: one token, one bracketed group or one whole literal.
    case single(slot: Int)
    /// `$$$`, `...` (slot nil) or `$$$NAME`: any run of whole units at this bracket level.
    case run(slot: Int?)
  }

  /// The pattern as written.
  package let text: String
  /// `sequences[0]` is the top level.
  package let sequences: [[Element]]
  /// The metavariable names by slot (`PROMISE` for `$PROMISE`).
  package let slotNames: [String]
  /// Index in `sequences[0]` of the anchor: the first element that is not a metavariable.
  package let anchorIndex: Int
  /// The bytes the anchor's first token must have; the matcher's dictionary key.
  package let anchorBytes: [UInt8]
  /// Identifier and keyword texts that occur as literal tokens, sorted and unique: a file that
  /// lacks one of them cannot match.
  package let requiredWords: [[UInt8]]
  /// True when a metavariable occurs more than once, so a sub-match depends on what was bound
  /// before it and failures cannot be memoised by position alone.
  package let hasRepeatedMetavariables: Bool

  package init(
    text: String, sequences: [[Element]], slotNames: [String], anchorIndex: Int, anchorBytes: [UInt8],
    requiredWords: [[UInt8]], hasRepeatedMetavariables: Bool
  ) {
    self.text = text
    self.sequences = sequences
    self.slotNames = slotNames
    self.anchorIndex = anchorIndex
    self.anchorBytes = anchorBytes
    self.requiredWords = requiredWords
    self.hasRepeatedMetavariables = hasRepeatedMetavariables
  }

  /// Index of each sequence's first "rest of sequence" id; the ids of sequence `s` are
  /// `suffixBase[s] + i` for `i` in `0...sequences[s].count`.
  var suffixBase: [Int] {
    var bases: [Int] = []
    var next = 0
    for sequence in sequences {
      bases.append(next)
      next += sequence.count + 1
    }
    return bases
  }
}
