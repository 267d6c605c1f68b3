// libFuzzer target for the lexer: any bytes must lex without a trap, the pieces must be
// contiguous and cover the input exactly, and bracket partners must point at each other.
// Built by .ci/fuzz, not by SwiftPM.
import SwiftLexer

@_cdecl("LLVMFuzzerTestOneInput")
public func lexerFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let stream = Lexer.tokenize(bytes)
  var offset: UInt32 = 0
  for token in stream.tokens {
    precondition(token.start == offset, "pieces must be contiguous")
    precondition(token.end >= token.start, "a piece must not end before it starts")
    offset = token.end
  }
  precondition(Int(offset) == bytes.count, "pieces must cover the input")
  for (position, partner) in stream.partner.enumerated() where partner >= 0 {
    precondition(stream.partner[Int(partner)] == Int32(position), "bracket partners must be mutual")
  }
  return 0
}
