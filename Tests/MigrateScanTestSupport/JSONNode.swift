/// A parsed JSON document, as the schema checker sees it: numbers keep whether they were written
/// as integers (draft 4's `integer` type needs that), objects keep their keys' order.
///
/// Test support only. The product parses JSON with its own readers (RuleEngine's `JSONParser`);
/// this one exists so schema validation needs nothing beyond the toolchain.
package indirect enum JSONNode: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double, isInteger: Bool)
  case string(String)
  case array([JSONNode])
  case object([(key: String, value: JSONNode)])

  /// The value for `key` of an object (the last one, as JSON parsers do with duplicate keys).
  package subscript(key: String) -> JSONNode? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value
  }

  package static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    // JSON Schema compares numbers by value: 1 and 1.0 are equal.
    case (.number(let a, _), .number(let b, _)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      let right = Dictionary(b.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
      return a.allSatisfy { right[$0.key] == $0.value }
    default: return false
    }
  }

  /// What a parse failed on, with the byte offset.
  package struct ParseError: Error, CustomStringConvertible {
    package var offset: Int
    package var message: String
    package var description: String { "invalid JSON at byte \(offset): \(message)" }
  }

  /// Parses one JSON document (RFC 8259); anything after it but whitespace is an error.
  package static func parse(_ text: String) throws(ParseError) -> JSONNode {
    var parser = Parser(bytes: Array(text.utf8))
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.offset == parser.bytes.count else { throw parser.error("text after the document") }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    var offset = 0

    func error(_ message: String) -> ParseError { ParseError(offset: offset, message: message) }

    mutating func skipWhitespace() {
      while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    mutating func value(depth: Int) throws(ParseError) -> JSONNode {
      guard depth < 512 else { throw error("nested too deep") }
      skipWhitespace()
      guard offset < bytes.count else { throw error("unexpected end") }
      switch bytes[offset] {
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try word("true", .bool(true))
      case UInt8(ascii: "f"): return try word("false", .bool(false))
      case UInt8(ascii: "n"): return try word("null", .null)
      default: return try number()
      }
    }

    mutating func word(_ text: String, _ value: JSONNode) throws(ParseError) -> JSONNode {
      let expected = Array(text.utf8)
      guard offset + expected.count <= bytes.count, Array(bytes[offset..<offset + expected.count]) == expected else {
        throw error("expected '\(text)'")
      }
      offset += expected.count
      return value
    }

    mutating func object(depth: Int) throws(ParseError) -> JSONNode {
      offset += 1
      var members: [(key: String, value: JSONNode)] = []
      skipWhitespace()
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a key") }
        let key = try string()
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected ':'") }
        offset += 1
        members.append((key, try value(depth: depth + 1)))
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end in an object") }
        if bytes[offset] == UInt8(ascii: ",") {
          offset += 1
        } else if bytes[offset] == UInt8(ascii: "}") {
          offset += 1
          return .object(members)
        } else {
          throw error("expected ',' or '}'")
        }
      }
    }

    mutating func array(depth: Int) throws(ParseError) -> JSONNode {
      offset += 1
      var elements: [JSONNode] = []
      skipWhitespace()
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        return .array(elements)
      }
      while true {
        elements.append(try value(depth: depth + 1))
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end in an array") }
        if bytes[offset] == UInt8(ascii: ",") {
          offset += 1
        } else if bytes[offset] == UInt8(ascii: "]") {
          offset += 1
          return .array(elements)
        } else {
          throw error("expected ',' or ']'")
        }
      }
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
      guard offset + 4 <= bytes.count else { throw error("short \\u escape") }
      var value: UInt32 = 0
      for byte in bytes[offset..<offset + 4] {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw error("bad hex digit in \\u escape")
        }
        value = value << 4 | UInt32(digit)
      }
      offset += 4
      return value
    }

    mutating func string() throws(ParseError) -> String {
      offset += 1
      var scalars = String.UnicodeScalarView()
      var run: [UInt8] = []
      func flush() {
        if !run.isEmpty {
          scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
          run.removeAll(keepingCapacity: true)
        }
      }
      while true {
        guard offset < bytes.count else { throw error("unterminated string") }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") {
          offset += 1
          flush()
          return String(scalars)
        }
        guard byte >= 0x20 else { throw error("control character in a string") }
        guard byte == UInt8(ascii: "\\") else {
          run.append(byte)
          offset += 1
          continue
        }
        flush()
        offset += 1
        guard offset < bytes.count else { throw error("unterminated escape") }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code), offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
            bytes[offset + 1] == UInt8(ascii: "u")
          {
            offset += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("unpaired surrogate") }
          scalars.append(scalar)
        default: throw error("unknown escape")
        }
      }
    }

    mutating func number() throws(ParseError) -> JSONNode {
      let start = offset
      var isInteger = true
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      func digits() -> Int {
        let first = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        return offset - first
      }
      guard digits() > 0 else { throw error("expected a value") }
      if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
        offset += 1
        isInteger = false
        guard digits() > 0 else { throw error("expected digits after '.'") }
      }
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
        offset += 1
        isInteger = false
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
          offset += 1
        }
        guard digits() > 0 else { throw error("expected an exponent") }
      }
      guard let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
        throw error("bad number")
      }
      return .number(value, isInteger: isInteger)
    }
  }
}

extension JSONNode {
  /// The node as compact JSON text (keys in their order; numbers written back as they were read).
  package var jsonText: String {
    var text = ""
    write(into: &text)
    return text
  }

  private func write(into text: inout String) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let value, let isInteger):
      text += isInteger && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    case .string(let value): JSONNode.writeString(value, into: &text)
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        element.write(into: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += "," }
        JSONNode.writeString(member.key, into: &text)
        text += ":"
        member.value.write(into: &text)
      }
      text += "}"
    }
  }

  private static func writeString(_ value: String, into text: inout String) {
    text += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}
