import DependencyGraph
import Testing

@Suite struct PBXProjectReaderTests {
  func read(_ text: String) -> Result<PropertyList.Value, PBXProjectReader.Failure> {
    PBXProjectReader.read(Array(text.utf8)).map(\.root)
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
    #expect(value["blob"]?.data == "0fbd2A")
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

  /// A project of `count` source files: a file reference, a build file and a group each, and a
  /// script phase (skipped unread) per file. Below ten million files, every object is the same size.
  static func project(files count: Int) -> [UInt8] {
    var text = "// !$*UTF8*$!\n{ objects = {\n"
    for number in 0..<count {
      // Fixed width, so every object is the same size whatever the count.
      let digits = String(number)
      let index = String(repeating: "0", count: 7 - digits.count) + digits
      text += "  B\(index) /* F\(index).swift in Sources */ = {isa = PBXBuildFile; fileRef = R\(index); };\n"
      text +=
        "  R\(index) = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \"F \(index).swift\"; "
      text += "sourceTree = \"<group>\"; };\n"
      text +=
        "  G\(index) = {isa = PBXGroup; children = (R\(index), ); path = \"Group\(index)\"; sourceTree = \"<group>\"; };\n"
      text +=
        "  S\(index) = {isa = PBXShellScriptBuildPhase; shellScript = \"echo \\\"\(index)\\\"\"; files = ( ); };\n"
    }
    text += "}; rootObject = B0; }\n"
    return Array(text.utf8)
  }

  /// Cost shape, not wall time: twice the objects is at most twice the reader's work (nodes
  /// built plus bytes skipped), whatever the size.
  @Test func twiceTheObjectsIsAtMostTwiceTheWork() throws {
    for count in [100, 1_000, 10_000] {
      let single = PBXProjectReader.readCounting(Self.project(files: count))
      let double = PBXProjectReader.readCounting(Self.project(files: 2 * count))
      _ = try single.result.get()
      _ = try double.result.get()
      #expect(single.steps > count, "every object counts")
      #expect(double.steps <= 2 * single.steps + 16, "files: \(count) → \(2 * count)")
    }
  }

  /// An object the project model never reads is one node and its bytes skipped, not its values.
  @Test func anUnreadObjectIsSkippedNotBuilt() throws {
    let text = """
      { objects = {
        S1 = {isa = PBXShellScriptBuildPhase; inputPaths = (a, b, c, d, e, f, g, h, ); shellScript = "x"; };
        B1 = {isa = PBXBuildFile; fileRef = R1; };
      }; }
      """
    let value = try read(text).get()
    #expect(value["objects"]?["S1"]?["isa"]?.string == "PBXShellScriptBuildPhase")
    #expect(value["objects"]?["S1"]?["inputPaths"] == nil)
    #expect(value["objects"]?["B1"]?["fileRef"]?.isString("R1") == true)
  }

  /// The objects table is looked up once per reference: twice the objects (with ids as Xcode
  /// writes them, 24 hex digits that differ in a few places) is at most twice the slots probed,
  /// give or take the few percent probe lengths vary by.
  @Test func twiceTheObjectsIsAtMostTwiceTheLookupWork() throws {
    func table(_ count: Int) throws -> PropertyList.Table {
      var text = "{ objects = {\n"
      for number in 0..<count {
        let hex = String(number, radix: 16, uppercase: true)
        let id = "8F3A" + String(repeating: "0", count: 20 - hex.count) + hex
        text += "  \(id) = {isa = PBXFileReference; path = F.swift; sourceTree = \"<group>\"; };\n"
      }
      text += "}; }\n"
      return try #require(try read(text).get()["objects"]?.table)
    }
    for count in [1_000, 10_000] {
      let single = try table(count)
      let double = try table(2 * count)
      #expect(single.count == count && double.count == 2 * count)
      // Probe lengths vary by a few percent from one table to another; a search would be 2× or more.
      #expect(
        double.probeCount <= 2 * single.probeCount + count / 25 + 64,
        "objects: \(count) → \(2 * count): \(single.probeCount) → \(double.probeCount)")
      #expect(single.probeCount < 2 * count, "a few probes per id, not a search")
    }
  }

  /// A plain relative path is joined from its bytes; anything that needs normalising is left to
  /// the caller (nil).
  @Test func plainPathsJoinFromTheirBytes() throws {
    let value = try read(
      #"{ a = Sources/App; b = ""; c = "../Up"; d = "./Here"; e = "/abs"; f = "a//b"; g = "x\\y"; h = "Ünï/cödé"; }"#
    ).get()
    #expect(value["a"]?.plainPath(joinedTo: "Root") == "Root/Sources/App")
    #expect(value["a"]?.plainPath(joinedTo: "") == "Sources/App")
    #expect(value["b"]?.plainPath(joinedTo: "Root") == "Root")
    #expect(value["h"]?.plainPath(joinedTo: "Root") == "Root/Ünï/cödé")
    for key in ["c", "d", "e", "f", "g"] { #expect(value[key]?.plainPath(joinedTo: "Root") == nil, "\(key)") }
  }
}
