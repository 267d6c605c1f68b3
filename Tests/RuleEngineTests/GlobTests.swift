import RuleEngine
import Testing

/// Path globs of a rule's `paths`: `*`, `?` within a component, `**` across components.
@Suite struct GlobTests {
  @Test func doubleStarMatchesAnyNumberOfComponents() {
    let glob = Glob("**/Tests/**")
    #expect(glob.matches("Tests/A.swift"))
    #expect(glob.matches("Pkg/Tests/Unit/B.swift"))
    #expect(glob.matches("./Tests/A.swift"))
    #expect(!glob.matches("Sources/TestsHelper/A.swift"))
    #expect(!glob.matches("Sources/A.swift"))
  }

  @Test func starAndQuestionStayInOneComponent() {
    let glob = Glob("Sources/*/Legacy?.swift")
    #expect(glob.matches("Sources/App/Legacy1.swift"))
    #expect(!glob.matches("Sources/App/Sub/Legacy1.swift"))
    #expect(!glob.matches("Sources/App/Legacy12.swift"))
    #expect(Glob("Sources/**/*.swift").matches("Sources/A.swift"))
    #expect(Glob("Sources/**/*.swift").matches("Sources/a/b/c/D.swift"))
    #expect(!Glob("Sources/**/*.swift").matches("Sources/a/b/README.md"))
  }

  @Test func globWithoutSlashMatchesTheFileName() {
    let glob = Glob("*Tests.swift")
    #expect(glob.matches("Tests/AppTests.swift"))
    #expect(glob.matches("AppTests.swift"))
    #expect(!glob.matches("Tests/AppTests.swift.orig"))
  }

  @Test func manyStarsStayFast() {
    let name = String(repeating: "a", count: 5_000)
    #expect(!Glob(String(repeating: "a*", count: 50) + "b").matches(name))
    #expect(Glob(String(repeating: "a*", count: 50)).matches(name))
  }
}
