/// Helpers that make free text (messages, reasons, paths) safe for line-oriented formats.
enum TextSanitizer {
  /// `text` on one line: every line break (CR, LF, CRLF, U+0085, U+2028, U+2029), tab and other
  /// control character becomes one space, so one finding stays one line of output.
  static func singleLine(_ text: String) -> String {
    var output = ""
    var previousWasCarriageReturn = false
    for scalar in text.unicodeScalars {
      // CRLF is one break, not two spaces.
      if scalar == "\n" && previousWasCarriageReturn {
        previousWasCarriageReturn = false
        continue
      }
      previousWasCarriageReturn = scalar == "\r"
      if isBreakOrControl(scalar) {
        output.append(" ")
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  static func isBreakOrControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
  }
}
