import Reports
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
}
