/// Helpers that make free text (messages, reasons, paths) safe for line-oriented formats.
package enum TextSanitizer {
  /// One line of text for a person or a CI runner to read, made safe to print: the one function
  /// every line on stderr and every line of `check`'s output goes through.
  ///
  /// Everything in it may come from the scanned tree (file names, suppression reasons, baseline
  /// entries, configuration keys, git's messages about the tree's paths), so:
  /// - control characters and line breaks are made visible, never obeyed: `\n`, `\r`, `\t`,
  ///   `\e` for ESC, `\x07` for the other C0 controls and DEL, `\u{85}` for C1 controls, line
  ///   and paragraph separators and the bidirectional overrides (a name cannot move the cursor,
  ///   colour the terminal, reorder what is shown, or start a new line);
  /// - the line cannot be a GitHub workflow command: a leading `::` (after any whitespace, which
  ///   the runner trims) becomes `\x3a:`, and `##[` (the runner's older syntax, matched anywhere
  ///   in a line) becomes `##\x5b`.
  ///
  /// - Parameter line: the line without its final newline (the caller adds it).
  /// - Returns: the line as it may be printed.
  package static func humanLine(_ line: String) -> String {
    // Most lines need nothing: one scan of the bytes, then the string as it is. The bytes that
    // may start something to escape: C0 and DEL, the lead bytes of C1 (C2) and of the
    // separators and overrides (E2), `#` of `##[`; and a line that may start with `::`.
    let needsWork = line.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || $0 == 0x23 }
    let leading = line.unicodeScalars.drop { $0.properties.isWhitespace }
    var command = leading.starts(with: "::".unicodeScalars)
    guard needsWork || command else { return line }
    var output = ""
    output.reserveCapacity(line.utf8.count + 8)
    var hashes = 0
    for scalar in line.unicodeScalars {
      if command && scalar == ":" {
        output += "\\x3a"
        command = false
        continue
      }
      if scalar == "[" && hashes >= 2 {
        output += "\\x5b"
      } else {
        output += visible(scalar)
      }
      hashes = scalar == "#" ? hashes + 1 : 0
    }
    return output
  }

  /// `scalar` as it is, or its visible escape when it is a control character, a line break or
  /// a bidirectional override.
  private static func visible(_ scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0x1B: return "\\e"
    case 0x00..<0x20, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
    case 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
      return "\\u{" + hex(scalar.value, digits: 1) + "}"
    default: return String(scalar)
    }
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// `text` on one line: every line break (CR, LF, CRLF, U+0085, U+2028, U+2029), tab and other
  /// control character becomes one space, so one finding stays one line of output. The `[` of
  /// `##[` becomes `\x5b`: a GitHub runner takes `##[` anywhere in a line for a command (its
  /// older syntax), and reports are read in CI logs.
  static func singleLine(_ text: String) -> String {
    // Most text has nothing to replace: one scan of the bytes, then the string as it is. The
    // test is on bytes that may start a break or control (C0, DEL, and the lead bytes C2 and E2
    // of the multi-byte ones); comparisons, not a static table, which costs a `swift_once` and a
    // retain per call.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || $0 == 0x5B }) else {
      return text
    }
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
        } else if byte == UInt8(ascii: "["), output.count >= 2, output[output.count - 1] == UInt8(ascii: "#"),
          output[output.count - 2] == UInt8(ascii: "#")
        {
          output.append(contentsOf: "\\x5b".utf8)
          index += 1
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
