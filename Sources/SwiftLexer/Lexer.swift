/// The public entry point of the lexer.
package enum Lexer {
  /// Lexes `bytes` into a lossless token stream. Never fails: bytes it cannot read become
  /// `unknown` tokens or `unexpectedText` trivia.
  package static func tokenize(_ bytes: [UInt8]) -> TokenStream {
    // Placeholder until the real lexer lands: one unknown piece covering the file.
    var tokens: [Token] = []
    if !bytes.isEmpty { tokens.append(Token(kind: .unknown, start: 0, end: UInt32(bytes.count))) }
    tokens.append(Token(kind: .endOfFile, start: UInt32(bytes.count), end: UInt32(bytes.count)))
    return TokenStream(source: bytes, tokens: tokens)
  }
}
