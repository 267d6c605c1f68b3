/// Writes a `JSONValue` as pretty-printed JSON with a fixed layout.
///
/// Layout: two-space indentation, `"key": value` with one space after the colon, one member or
/// element per line, `[]` and `{}` for empty containers, and a final newline. Nothing depends on
/// Foundation, the locale or hashing, so the same value always gives the same bytes.
package enum JSONWriter {
  /// The document for `value`, ending with a newline.
  package static func write(_ value: JSONValue) -> String {
    var output = ""
    append(value, indent: 0, to: &output)
    output.append("\n")
    return output
  }

  /// `text` as a JSON string literal, quotes included.
  ///
  /// Escapes `"` and `\`, every control character below U+0020 (short forms where JSON has
  /// them), and U+2028/U+2029: those two are legal in JSON but end a line in JavaScript, so a
  /// report pasted into a script would break. `/` and other non-ASCII characters are written
  /// as they are (UTF-8).
  package static func quote(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output.append("\\\"")
      case "\\": output.append("\\\\")
      case "\n": output.append("\\n")
      case "\r": output.append("\\r")
      case "\t": output.append("\\t")
      case "\u{08}": output.append("\\b")
      case "\u{0C}": output.append("\\f")
      case "\u{2028}", "\u{2029}": output.append(hexEscape(scalar.value))
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          output.append(hexEscape(scalar.value))
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output.append("\"")
    return output
  }

  private static func hexEscape(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: false)
    return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private static func append(_ value: JSONValue, indent: Int, to output: inout String) {
    switch value {
    case .null: output.append("null")
    case .bool(let flag): output.append(flag ? "true" : "false")
    case .int(let number): output.append(String(number))
    case .string(let text): output.append(quote(text))
    case .array(let elements):
      guard !elements.isEmpty else {
        output.append("[]")
        return
      }
      output.append("[\n")
      for (index, element) in elements.enumerated() {
        output.append(String(repeating: "  ", count: indent + 1))
        append(element, indent: indent + 1, to: &output)
        output.append(index == elements.count - 1 ? "\n" : ",\n")
      }
      output.append(String(repeating: "  ", count: indent) + "]")
    case .object(let members):
      guard !members.isEmpty else {
        output.append("{}")
        return
      }
      output.append("{\n")
      for (index, member) in members.enumerated() {
        output.append(String(repeating: "  ", count: indent + 1))
        output.append(quote(member.key))
        output.append(": ")
        append(member.value, indent: indent + 1, to: &output)
        output.append(index == members.count - 1 ? "\n" : ",\n")
      }
      output.append(String(repeating: "  ", count: indent) + "}")
    }
  }
}
