import DependencyGraph
import Testing

@Suite struct PBXProjectReaderTests {
  func read(_ text: String) -> Result<PropertyList, PBXProjectReader.Failure> {
    PBXProjectReader.read(Array(text.utf8))
  }

  @Test func readsDictionariesArraysStringsCommentsAndData() throws {
    let text = """
      // !$*UTF8*$!
      {
        a = b; /* a comment */ "quoted key" = "say \\"hi\\"\\n";
        list = ( one, "two", /* skipped */ three, );
        nested = { isa = PBXGroup; path = "My Folder/Sub"; sourceTree = "<group>"; };
        blob = <0fbd 2A>;
        path = ../Shared/File.swift;
      }
      """
    let value = try read(text).get()
    #expect(value["a"]?.string == "b")
    #expect(value["quoted key"]?.string == "say \"hi\"\n")
    #expect(value["list"]?.strings == ["one", "two", "three"])
    #expect(value["nested"]?["path"]?.string == "My Folder/Sub")
    #expect(value["blob"] == .data("0fbd2A"))
    #expect(value["path"]?.string == "../Shared/File.swift")
  }

  @Test(arguments: [
    ("{\n a = b;\n c = ;\n}", 3),
    ("{\n a = (one, two\n", 3),
    ("{\n a = \"never closed\n\n", 4),
    ("{\n a = b /* open\n", 2),
    ("{\n a = b;\n}\n}", 4),
    ("{ a = b }", 1),
    ("", 1),
  ])
  func brokenInputIsAFailureNamingTheLine(text: String, line: Int) {
    guard case .failure(let failure) = read(text) else {
      Issue.record("expected a failure for \(text.debugDescription)")
      return
    }
    #expect(failure.line == line, "\(failure)")
  }

  @Test func deepNestingStopsWithAFailureNotARecursion() {
    // Four megabytes of `(`: a recursion per byte would overflow the stack.
    let hostile = String(repeating: "(", count: 4_000_000)
    guard case .failure(let failure) = read(hostile) else {
      Issue.record("expected a failure")
      return
    }
    #expect(failure.reason.contains("nested more than"))
  }

  @Test func aLargeProjectIsReadInOnePass() throws {
    // About 4 MB of objects (a large real project is 1 MB): linear work, no quadratic search.
    var text = "{ objects = {\n"
    for index in 0..<50_000 {
      text += "  X\(index) = {isa = PBXBuildFile; fileRef = Y\(index) /* File\(index).swift */; };\n"
    }
    text += "}; rootObject = X0; }\n"
    let value = try read(text).get()
    #expect(value["objects"]?.dictionary?.count == 50_000)
  }
}
