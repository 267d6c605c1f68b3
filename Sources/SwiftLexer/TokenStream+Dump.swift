extension TokenStream {
  /// The token dump format of the lexer vectors, one line per piece:
  /// `start<TAB>end<TAB>kind<TAB>text` for tokens, `T<TAB>start<TAB>end<TAB>kind<TAB>text` for
  /// comments and skipped text. Whitespace, newlines and zero-width pieces are left out, as in
  /// the official dumps. Text escapes `\\`, tab, newline, carriage return and other control or
  /// non-UTF-8 bytes as `\xHH`.
  package func dump() -> String {
    var out = ""
    let pieces = tokens
    out.reserveCapacity(pieces.count * 24)
    for token in pieces where token.start < token.end {
      switch token.kind {
      case .whitespace, .newline, .backslashes, .pounds, .endOfFile:
        continue
      case .lineComment, .blockComment, .docLineComment, .docBlockComment, .unexpectedText:
        out += "T\t\(token.start)\t\(token.end)\t\(token.kind.name)\t"
      default:
        out += "\(token.start)\t\(token.end)\t\(token.kind.name)\t"
      }
      out += TokenStream.escape(source[token.range])
      out += "\n"
    }
    return out
  }

  /// Escapes bytes for a dump line: printable text stays, the rest becomes an escape.
  package static func escape(_ bytes: ArraySlice<UInt8>) -> String {
    var out = ""
    var run: [UInt8] = []
    func flush() {
      if !run.isEmpty {
        out += String(decoding: run, as: UTF8.self)
        run.removeAll(keepingCapacity: true)
      }
    }
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      switch byte {
      case 0x5C: flush(); out += "\\\\"
      case 0x09: flush(); out += "\\t"
      case 0x0A: flush(); out += "\\n"
      case 0x0D: flush(); out += "\\r"
      case 0x00..<0x20, 0x7F:
        flush(); out += "\\x" + hex(byte)
      case 0x20..<0x7F:
        run.append(byte)
      default:
        let length = validScalarLength(bytes, at: index)
        if length == 0 {
          flush(); out += "\\x" + hex(byte)
        } else {
          run.append(contentsOf: bytes[index..<index + length])
          index += length
          continue
        }
      }
      index += 1
    }
    flush()
    return out
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
  }

  /// The length of the well-formed UTF-8 scalar at `index`, or 0 when it is not one.
  private static func validScalarLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
    let lead = bytes[index]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return 0
    }
    guard index + length <= bytes.endIndex else { return 0 }
    for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
    let second = bytes[index + 1]
    if lead == 0xE0 && second < 0xA0 { return 0 }
    if lead == 0xED && second > 0x9F { return 0 }
    if lead == 0xF0 && second < 0x90 { return 0 }
    if lead == 0xF4 && second > 0x8F { return 0 }
    return length
  }
}
