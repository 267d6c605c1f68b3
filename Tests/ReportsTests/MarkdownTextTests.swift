import Reports
import Testing

@Suite struct MarkdownTextTests {
  @Test func balancedCodeSpansAreKept() {
    #expect(MarkdownText.inline("`Future` whose closure starts a `Task`") == "`Future` whose closure starts a `Task`")
  }

  @Test func markdownPunctuationIsEscapedOutsideCode() {
    #expect(MarkdownText.inline("a | b [c] *d* _e_ ~f~ & \\") == "a \\| b \\[c\\] \\*d\\* \\_e\\_ \\~f\\~ \\& \\\\")
  }

  @Test func htmlIsEscapedOutsideCodeAndKeptInside() {
    #expect(MarkdownText.inline("<b>x</b> `<T>`") == "\\<b\\>x\\</b\\> `<T>`")
  }

  @Test func unmatchedBacktickIsEscaped() {
    #expect(MarkdownText.inline("a ` b") == "a \\` b")
    #expect(MarkdownText.inline("``a` b") == "\\`\\`a\\` b")
  }

  @Test func pipesInsideCodeSpansAreEscapedInTables() {
    #expect(MarkdownText.inline("`a | b` c | d", inTable: true) == "`a \\| b` c \\| d")
    #expect(MarkdownText.code("Big|Table.swift", inTable: true) == "`Big\\|Table.swift`")
  }

  @Test func lineBreaksBecomeSpaces() {
    #expect(MarkdownText.inline("one\ntwo\r\nthree\u{2028}four") == "one two three four")
  }

  @Test func blockMarkersAtTheStartAreEscaped() {
    #expect(MarkdownText.inline("# not a heading") == "\\# not a heading")
    #expect(MarkdownText.inline("- not a list") == "\\- not a list")
    #expect(MarkdownText.inline("12. not a list") == "12\\. not a list")
    #expect(MarkdownText.inline("v1.2 is fine") == "v1.2 is fine")
  }

  @Test func codeSpanFenceOutgrowsBackticksInside() {
    #expect(MarkdownText.code("a`b") == "``a`b``")
    #expect(MarkdownText.code("`x`") == "`` `x` ``")
  }

  @Test func fileLinkShowsThePathAndEncodesTheTarget() {
    #expect(
      MarkdownText.fileLink(path: "My Dir/Ä (1).swift", line: 7)
        == "[`My Dir/Ä (1).swift:7`](My%20Dir/%C3%84%20%281%29.swift#L7)")
  }

  @Test func escapesWorkNextToNonASCII() {
    // The writer works on UTF-8 bytes; escapes next to multi-byte characters must still land
    // between whole characters.
    #expect(MarkdownText.inline("é*ü_🚀|`ß`") == "é\\*ü\\_🚀\\|`ß`")
    #expect(MarkdownText.inline("Ünï `→|` x", inTable: true) == "Ünï `→\\|` x")
    #expect(MarkdownText.inline("") == "")
    #expect(MarkdownText.inline("1) first") == "1\\) first")
    #expect(MarkdownText.inline("١. not ASCII digits") == "١. not ASCII digits")
  }

  @Test func c1ControlsAndSeparatorsBecomeSpaces() {
    #expect(MarkdownText.inline("a\u{85}b\u{9F}c\u{A0}d\u{2029}e\u{7F}f") == "a b c\u{A0}d e f")
    #expect(MarkdownText.inline("a\r\rb\n\rc") == "a  b  c")
    #expect(MarkdownText.code("→\u{2028}`") == "`` → ` ``")
    #expect(MarkdownText.code(" x ") == "`  x  `")
    #expect(MarkdownText.code("") == "``")
  }
}
