/// Helpers that make free text (messages, reasons, paths) safe for line-oriented formats.
enum TextSanitizer {
  /// `text` on one line: every line break (CR, LF, CRLF, U+0085, U+2028, U+2029), tab and other
  /// control character becomes one space, so one finding stays one line of output.
  static func singleLine(_ text: String) -> String {
    // Most text has nothing to replace: one scan of the bytes, then the string as it is. The
    // test is on bytes that may start a break or control (C0, DEL, and the lead bytes C2 and E2
    // of the multi-byte ones); comparisons, not a static table, which costs a `swift_once` and a
    // retain per call.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    var previousWasCarriageReturn = false
    var text = text
    text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        // CRLF is one break, not two spaces.
        if byte == UInt8(ascii: "\n") && previousWasCarriageReturn {
          previousWasCarriageReturn = false
          index += 1
          continue
        }
        previousWasCarriageReturn = byte == UInt8(ascii: "\r")
        // The breaks and controls as UTF-8: C0 and DEL are one byte, U+0080...U+009F are
        // C2 80...C2 9F, U+2028/U+2029 are E2 80 A8/A9.
        if byte < 0x20 || byte == 0x7F {
          output.append(UInt8(ascii: " "))
          index += 1
        } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
          output.append(UInt8(ascii: " "))
          index += 2
        } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
          bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
        {
          output.append(UInt8(ascii: " "))
          index += 3
        } else {
          output.append(byte)
          index += 1
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  static func isBreakOrControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
  }
}
