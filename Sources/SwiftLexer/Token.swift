/// One lexical piece of a source file: a kind and a byte range, nothing else.
///
/// Twelve bytes, no `String`: the text is read from the source bytes on demand
/// (`TokenStream.text(of:)`). Trivia (whitespace, newlines, comments) are pieces too, so the
/// concatenation of every piece's bytes is the input, byte for byte.
package struct Token: Sendable, Equatable, Hashable {
  /// Facts the lexer learned about a piece that its kind alone does not say.
  package struct Flags: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    @inlinable package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The literal or comment runs to the end of the file (or line) without its closing delimiter.
    package static let unterminated = Flags(rawValue: 1 << 0)
    /// The token lies inside a string interpolation `\( … )` (code, not literal text).
    package static let inInterpolation = Flags(rawValue: 1 << 1)
    /// The lexer found an error in the token (a bad escape, an invalid digit, bad indentation).
    package static let hasError = Flags(rawValue: 1 << 2)
  }

  package var kind: TokenKind
  package var flags: Flags
  /// Byte offset of the first byte.
  package var start: UInt32
  /// Byte offset one past the last byte.
  package var end: UInt32

  @inlinable
  package init(kind: TokenKind, flags: Flags = [], start: UInt32, end: UInt32) {
    self.kind = kind
    self.flags = flags
    self.start = start
    self.end = end
  }

  /// The number of bytes the piece spans.
  @inlinable package var length: UInt32 { end - start }

  /// The byte range as `Int`s, for slicing the source.
  @inlinable package var range: Range<Int> { Int(start)..<Int(end) }
}
