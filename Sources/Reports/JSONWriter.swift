/// Writes a `JSONValue` as pretty-printed JSON with a fixed layout.
///
/// Layout: two-space indentation, `"key": value` with one space after the colon, one member or
/// element per line, `[]` and `{}` for empty containers, and a final newline. Nothing depends on
/// Foundation, the locale or hashing, so the same value always gives the same bytes.
package enum JSONWriter {
  /// The document for `value`, ending with a newline.
  package static func write(_ value: JSONValue) -> String {
    var output = JSONOutput()
    append(value, to: &output)
    return output.finish()
  }

  /// `text` as a JSON string literal, quotes included.
  ///
  /// Escapes `"` and `\`, every control character below U+0020 (short forms where JSON has
  /// them), and U+2028/U+2029: those two are legal in JSON but end a line in JavaScript, so a
  /// report pasted into a script would break; and the `[` of `##[` (`\u005b`), which a GitHub
  /// runner reading the report in a log would take for a command. `/` and other non-ASCII
  /// characters are written as they are (UTF-8).
  package static func quote(_ text: String) -> String {
    var output = JSONOutput()
    output.appendQuoted(text)
    return String(decoding: output.bytes, as: UTF8.self)
  }

  /// Writes `value` into `output` (the reports that still build a tree for a small part).
  package static func append(_ value: JSONValue, to output: inout JSONOutput) {
    switch value {
    case .null: output.null()
    case .bool(let flag): output.bool(flag)
    case .int(let number): output.int(number)
    case .string(let text): output.appendQuoted(text)
    case .array(let elements):
      output.beginArray()
      for element in elements {
        output.element()
        append(element, to: &output)
      }
      output.endArray()
    case .object(let members):
      output.beginObject()
      for member in members {
        output.key(text: member.key)
        append(member.value, to: &output)
      }
      output.endObject()
    }
  }
}
