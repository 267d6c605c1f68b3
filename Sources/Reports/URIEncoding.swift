/// Percent-encoding of relative file paths for URIs (SARIF `artifactLocation.uri`, Markdown links).
package enum URIEncoding {
  /// `path` with every byte except RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`) and
  /// the `/` separator percent-encoded as UTF-8 (`%20`, `%C3%A9`, `%25`, `%23`, `%3F`, `%28`).
  ///
  /// Encoding sub-delimiters and `:` as well is stricter than RFC 3986 requires, but it is
  /// always correct: a `:` in a first segment would otherwise read as a scheme, and `(`/`)`
  /// would end a Markdown link target early.
  package static func encodePath(_ path: String) -> String {
    // Bytes in, bytes out: every report links each finding's file, so this runs once per finding.
    var output: [UInt8] = []
    output.reserveCapacity(path.utf8.count + 8)
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        output.append(byte)
      default:
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
