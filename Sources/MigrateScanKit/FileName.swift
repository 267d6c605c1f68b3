/// File names as text: the one escaping every report, message and fingerprint uses for a name
/// that is not valid UTF-8.
///
/// A Linux file name is bytes. Decoding them with repair turned `a\xff.swift` and `a\xfe.swift`
/// into the same `a\u{FFFD}.swift`, one path with one fingerprint for two files. Here each byte
/// that is not part of valid UTF-8 becomes `\xHH` (two upper-case hex digits), and a backslash
/// that is already followed by `x` and two hex digits becomes `\x5C`, so the text is unique to
/// the bytes and `bytes(_:)` gives them back. Every other name (any valid UTF-8 without such a
/// backslash) is its own text, unchanged.
package enum FileName {
  /// The text for the name or path `bytes`.
  package static func text<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    // Nearly every name is ASCII without a backslash: one pass says so, and it is its own text.
    if !bytes.contains(where: { $0 >= 0x80 || $0 == backslash }) { return String(decoding: bytes, as: UTF8.self) }
    let input = Array(bytes)
    var output: [UInt8] = []
    output.reserveCapacity(input.count + 8)
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte == backslash {
        if startsEscape(input, at: index) { appendEscape(of: byte, to: &output) } else { output.append(byte) }
        index += 1
      } else if byte < 0x80 {
        output.append(byte)
        index += 1
      } else if let length = validSequenceLength(input, at: index) {
        output.append(contentsOf: input[index..<index + length])
        index += length
      } else {
        appendEscape(of: byte, to: &output)
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes a `text(_:)` result stands for.
  package static func bytes(_ text: String) -> [UInt8] {
    let input = Array(text.utf8)
    guard input.contains(backslash) else { return input }
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    var index = 0
    while index < input.count {
      if input[index] == backslash, startsEscape(input, at: index),
        let high = hexValue(input[index + 2]), let low = hexValue(input[index + 3])
      {
        output.append(high << 4 | low)
        index += 4
      } else {
        output.append(input[index])
        index += 1
      }
    }
    return output
  }

  private static let backslash = UInt8(ascii: "\\")

  /// Whether `\xHH` starts at `index`.
  private static func startsEscape(_ bytes: [UInt8], at index: Int) -> Bool {
    index + 3 < bytes.count && bytes[index] == backslash && bytes[index + 1] == UInt8(ascii: "x")
      && hexValue(bytes[index + 2]) != nil && hexValue(bytes[index + 3]) != nil
  }

  private static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
    let digits = Array("0123456789ABCDEF".utf8)
    output += [backslash, UInt8(ascii: "x"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return nil
    }
  }

  /// The length of the well-formed UTF-8 sequence starting at `index` (Unicode's table 3-7: no
  /// overlong forms, no surrogates, nothing above U+10FFFF), or nil.
  private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int? {
    let lead = bytes[index]
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      second = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      second = 0x80...0x9F
    case 0xF0:
      length = 4
      second = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      second = 0x80...0x8F
    default: return nil
    }
    guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
    return length
  }
}
