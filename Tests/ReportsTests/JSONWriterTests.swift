import Foundation
import Reports
import ScanModel
import Testing

@Suite struct JSONWriterTests {
  @Test func quotesAndBackslashesAreEscaped() {
    #expect(JSONWriter.quote("say \"hi\" \\ /") == "\"say \\\"hi\\\" \\\\ /\"")
  }

  @Test func controlCharactersAreEscaped() {
    #expect(JSONWriter.quote("a\nb\rc\td\u{08}e\u{0C}f") == "\"a\\nb\\rc\\td\\be\\ff\"")
    #expect(JSONWriter.quote("\u{00}\u{1F}\u{7F}") == "\"\\u0000\\u001f\\u007f\"")
  }

  @Test func lineAndParagraphSeparatorsAreEscaped() {
    #expect(JSONWriter.quote("a\u{2028}b\u{2029}c") == "\"a\\u2028b\\u2029c\"")
  }

  @Test func nonASCIIIsWrittenAsUTF8() {
    #expect(JSONWriter.quote("Ünï 🚀") == "\"Ünï 🚀\"")
  }

  @Test func keysKeepTheirOrderAndLayoutIsFixed() {
    let value = JSONValue.object([
      JSONMember("z", .int(1)), JSONMember("a", .array([.bool(true), .null])), JSONMember("m", .object([])),
      JSONMember("e", .array([])), JSONMember("s", .string(nil)),
    ])
    let expected = """
      {
        "z": 1,
        "a": [
          true,
          null
        ],
        "m": {},
        "e": [],
        "s": null
      }

      """
    #expect(JSONWriter.write(value) == expected)
  }

  @Test func escapesAtEveryPositionOfARun() {
    // The byte writer copies unescaped runs whole: escapes at the edges and back to back must
    // still land between the right runs.
    #expect(JSONWriter.quote("\"") == "\"\\\"\"")
    #expect(JSONWriter.quote("\n\nab\n") == "\"\\n\\nab\\n\"")
    #expect(JSONWriter.quote("") == "\"\"")
    // 0xE2 leads other characters too (`→` is E2 86 92, `€` is E2 82 AC): copied, not escaped.
    #expect(JSONWriter.quote("a→b€\u{2028}") == "\"a→b€\\u2028\"")
    #expect(JSONWriter.quote("\u{2029}") == "\"\\u2029\"")
  }

  /// The writer skips eight bytes at a time while none can need an escape: each character that
  /// stops a run must be found at every offset of such a word, and after any run length, the
  /// same as a byte-by-byte writer finds it.
  @Test(arguments: ["\"", "\\", "\n", "\u{01}", "\u{1F}", "\u{7F}", "\u{2028}", "##[", "é", "→", "🚀", " "])
  func wordSkippingFindsEveryEscapeAtEveryOffset(special: String) {
    for before in 0..<20 {
      for after in [0, 1, 7, 8, 9, 17] {
        let text = String(repeating: "a", count: before) + special + String(repeating: "b", count: after)
        #expect(JSONWriter.quote(text) == Self.quotedByteByByte(text), "\(before) + \(special.debugDescription)")
      }
    }
  }

  /// `JSONWriter.quote`'s rules, one scalar at a time.
  private static func quotedByteByByte(_ text: String) -> String {
    var out = "\""
    var previous: [Character] = []
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "[" where previous.suffix(2) == ["#", "#"]: out += "\\u005b"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
      previous.append(Character(scalar))
    }
    return out + "\""
  }

  @Test func integersAreWrittenInFull() {
    let value = JSONValue.array([.int(0), .int(9), .int(10), .int(-1), .int(Int.max), .int(Int.min)])
    #expect(JSONWriter.write(value) == "[\n  0,\n  9,\n  10,\n  -1,\n  \(Int.max),\n  \(Int.min)\n]\n")
  }

  /// Tricky text survives the streamed writer: what a JSON parser reads back is what went in.
  /// (The layout itself is pinned byte for byte by the goldens.)
  @Test(arguments: [SampleReports.full, SampleReports.empty])
  func trickyTextRoundTripsThroughTheStreamedReport(report: ScanReport) throws {
    var hostile = report
    for index in hostile.findings.indices {
      hostile.findings[index].message += " \"q\" \\ \u{01}\u{7F}\u{2028}→ 🚀\n"
      hostile.findings[index].reasons.append("")
    }
    let object = try JSONSerialization.jsonObject(with: Data(JSONReport.render(hostile).utf8)) as? [String: Any]
    let findings = try #require(object?["findings"] as? [[String: Any]])
    #expect(findings.count == hostile.findings.count)
    for (decoded, finding) in zip(findings, hostile.findings) {
      #expect(decoded["message"] as? String == finding.message)
      #expect(decoded["reasons"] as? [String] == finding.reasons)
      #expect(decoded["fingerprint"] as? String == finding.fingerprint)
    }
  }

}
