import Reports
import Testing

/// `TextSanitizer.humanLine`: what the tree wrote is shown, never obeyed (issue 19, hole 5).
@Suite struct TextSanitizerTests {
  @Test func plainLinesAreUnchanged() {
    for line in [
      "Sources/A.swift:3:5: error: `Future` [future-task-wrapper]", "    help: use async", "", "a: b :: c", "# x",
    ] {
      #expect(TextSanitizer.humanLine(line) == line)
    }
  }

  @Test func controlCharactersAndBreaksAreMadeVisible() {
    #expect(TextSanitizer.humanLine("a\nb") == "a\\nb")
    #expect(TextSanitizer.humanLine("a\r\nb\tc") == "a\\r\\nb\\tc")
    #expect(TextSanitizer.humanLine("\u{1B}[31mred\u{1B}[0m") == "\\e[31mred\\e[0m")
    #expect(TextSanitizer.humanLine("bell\u{07} del\u{7F} nul\u{0}") == "bell\\x07 del\\x7f nul\\x00")
    #expect(TextSanitizer.humanLine("c1\u{85}\u{9B}") == "c1\\u{85}\\u{9b}")
    #expect(TextSanitizer.humanLine("ls\u{2028}ps\u{2029}") == "ls\\u{2028}ps\\u{2029}")
    #expect(TextSanitizer.humanLine("abc\u{202E}fed.swift") == "abc\\u{202e}fed.swift")
    #expect(TextSanitizer.humanLine("é ü 日本 🎉") == "é ü 日本 🎉")
  }

  @Test func noLineCanBeAWorkflowCommand() {
    #expect(TextSanitizer.humanLine("::error file=A.swift,line=1::forged") == "\\x3a:error file=A.swift,line=1::forged")
    // The runner trims leading whitespace, Unicode's included, before it looks for `::`.
    #expect(TextSanitizer.humanLine("  \t::add-mask::x") == "  \\t\\x3a:add-mask::x")
    #expect(TextSanitizer.humanLine("\u{3000}\u{A0}::stop-commands::t") == "\u{3000}\u{A0}\\x3a:stop-commands::t")
    // Its older syntax is matched anywhere in a line.
    #expect(TextSanitizer.humanLine("a ##[add-mask]x ###[error]y") == "a ##\\x5badd-mask]x ###\\x5berror]y")
    #expect(TextSanitizer.humanLine("# [not] #[a command]") == "# [not] #[a command]")
    // A break cannot start a new line that is a command either.
    #expect(TextSanitizer.humanLine("x\n::error::y") == "x\\n::error::y")
  }
}
