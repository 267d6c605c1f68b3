import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// The GitHub Actions example the README shows is `.ci/examples/github-actions.yml`, and it works
/// as written: it runs on pull requests, fetches the history `check --since` needs, pins and
/// caches the tool, and every migrate-scan command in it is one this CLI accepts and, run in a
/// pull request's clone, does what the comments say.
@Suite struct CIExampleTests {
  static let path = FixturePaths.packageRoot.appendingPathComponent(".ci/examples/github-actions.yml")

  static func workflow() throws -> (text: String, yaml: MiniYAML) {
    let text = try String(contentsOf: path, encoding: .utf8)
    return (text, try MiniYAML.parse(text))
  }

  static func steps(_ yaml: MiniYAML) -> [MiniYAML] {
    yaml["jobs"]?.entries.flatMap { $0.value["steps"]?.items ?? [] } ?? []
  }

  /// The `migrate-scan …` command lines of every `run:`, as argument lists: GitHub expressions
  /// replaced by what a pull request against `main` gives them, shell quotes removed.
  static func migrateScanCommands(_ yaml: MiniYAML) -> [[String]] {
    var commands: [[String]] = []
    for step in steps(yaml) {
      guard let script = step["run"]?.text else { continue }
      for line in script.split(separator: "\n") {
        let words = shellWords(
          String(line).replacingOccurrences(of: "${{ github.base_ref }}", with: "main"))
        if words.first == "migrate-scan" { commands.append(Array(words.dropFirst())) }
      }
    }
    return commands
  }

  /// Splits a command line like a shell, up to the first redirection, pipe or `&&`.
  static func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
      if quote == nil, [">>", ">", "|", "&&"].contains(current) {
        return words
      }
    }
    if inWord { words.append(current) }
    return words
  }

  @Test func runsOnPullRequestsWithTheRightPermissions() throws {
    let yaml = try Self.workflow().yaml
    #expect(yaml["on"]?["pull_request"] != nil, "no 'on: pull_request' trigger")
    #expect(yaml["permissions"]?["security-events"]?.text == "write", "SARIF upload needs security-events: write")
    #expect(yaml["permissions"]?["contents"]?.text == "read")
  }

  @Test func checksOutTheWholeHistory() throws {
    let checkout = Self.steps(try Self.workflow().yaml).first {
      $0["uses"]?.text?.hasPrefix("actions/checkout@") == true
    }
    #expect(checkout?["with"]?["fetch-depth"]?.text == "0", "check --since needs the merge base")
  }

  @Test func pinsTheToolToATagAndCachesTheBuild() throws {
    let yaml = try Self.workflow().yaml
    let version = try #require(yaml["env"]?["MIGRATE_SCAN_VERSION"]?.text)
    #expect(version.wholeMatch(of: /v[0-9]+(\.[0-9]+)*/) != nil, "'\(version)' is not a release tag")
    let steps = Self.steps(yaml)
    let cache = steps.first { $0["uses"]?.text?.hasPrefix("actions/cache@") == true }
    #expect(
      cache?["with"]?["key"]?.text?.contains("env.MIGRATE_SCAN_VERSION") == true, "the cache key names the version")
    let build = try #require(steps.first { $0["run"]?.text?.contains("swift build") == true })
    #expect(build["if"]?.text?.contains("cache-hit") == true, "the build runs only on a cache miss")
    #expect(build["run"]?.text?.contains("--branch \"$MIGRATE_SCAN_VERSION\"") == true)
  }

  @Test func everyMigrateScanCommandIsOneTheCLIAccepts() throws {
    let commands = Self.migrateScanCommands(try Self.workflow().yaml)
    #expect(commands.count >= 2, "the example scans and checks: \(commands)")
    for arguments in commands {
      #expect(throws: Never.self, "\(arguments)") { _ = try Arguments.parse(arguments) }
    }
    #expect(commands.contains { $0.first == "check" && $0.contains("--since") })
  }

  /// A job summary takes 65,536 characters, and a full plan can be longer: what goes there is
  /// `--summary`, which is always under 60,000.
  @Test func jobSummaryGetsTheSummary() throws {
    let steps = Self.steps(try Self.workflow().yaml)
    let summaries = steps.compactMap { $0["run"]?.text }.filter { $0.contains("GITHUB_STEP_SUMMARY") }
    #expect(!summaries.isEmpty, "the example writes a job summary")
    for script in summaries {
      #expect(script.contains("migrate-scan") && script.contains("--summary"), "\(script)")
      #expect(!script.contains("cat "), "a whole report in the job summary: \(script)")
    }
  }

  @Test func readmeShowsTheFileAsItIs() throws {
    let readme = try String(contentsOf: FixturePaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let text = try Self.workflow().text
    #expect(readme.contains("```yaml\n" + text + "```"), "README's GitHub Actions block differs from \(Self.path.path)")
  }

  /// The commands run as the workflow runs them, in a pull request's clone: the scan writes a
  /// SARIF log that validates and a Markdown plan; the check fails on the wrapper the pull
  /// request adds, and only on that one.
  @Test func commandsDoWhatTheWorkflowSays() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    let wrapper = """
      import Combine
      func load() async throws -> Int { 1 }
      func %NAME%() -> Future<Int, Error> {
        Future { promise in Task { promise(.success(try await load())) } }
      }

      """
    try repository.write("Sources/Old.swift", wrapper.replacingOccurrences(of: "%NAME%", with: "old"))
    try repository.commitAll("base")
    // What actions/checkout leaves: the target branch as a remote-tracking ref.
    try repository.git("update-ref", "refs/remotes/origin/main", "HEAD")
    try repository.git("checkout", "-q", "-b", "feature")
    try repository.write("Sources/New.swift", wrapper.replacingOccurrences(of: "%NAME%", with: "fresh"))
    try repository.commitAll("pull request")

    for arguments in Self.migrateScanCommands(try Self.workflow().yaml) {
      // The workflow runs in the checkout; here the checkout's path is given instead of ".".
      var resolved = arguments.map { argument in
        argument.hasPrefix("migrate-scan.") ? repository.path + "/" + argument : argument
      }
      if let dot = resolved.firstIndex(of: ".") {
        resolved[dot] = repository.path
      } else {
        resolved.append(repository.path)
      }
      let run = CLIRun(resolved)
      if arguments.first == "check" {
        #expect(run.status == .policyFailure, "\(arguments): \(run.stderr)")
        #expect(run.stdout.contains("New.swift"), "\(run.stdout)")
        #expect(!run.stdout.contains("Old.swift"), "the wrapper that was there must not fail: \(run.stdout)")
      } else {
        #expect(run.status == .success, "\(arguments): \(run.stderr)")
      }
    }
    let sarif = repository.path + "/migrate-scan.sarif"
    let validation = try SchemaValidator.validate(
      document: sarif, schema: FixturePaths.fixture("schemas/sarif-schema-2.1.0.json").path)
    #expect(validation.status == 0, "\(validation.output)")
    #expect(FileManager.default.fileExists(atPath: repository.path + "/migrate-scan.md"))
  }

  @Test func yamlReaderRejectsWhatItDoesNotUnderstand() {
    #expect(throws: MiniYAML.ParseError.self) { try MiniYAML.parse("a: {b: c}\n") }
    #expect(throws: MiniYAML.ParseError.self) { try MiniYAML.parse("a: 1\na: 2\n") }
    #expect(throws: MiniYAML.ParseError.self) { try MiniYAML.parse("a:\n\tb: 1\n") }
  }

  @Test func yamlReaderReadsNestingSequencesAndBlocks() throws {
    let yaml = try MiniYAML.parse(
      """
      # comment
      on:
        pull_request:
      jobs:
        one:
          steps:
            - uses: x@v1 # trailing
              with:
                depth: "0"
            - run: |
                echo a
                  echo b
      """)
    #expect(yaml["on"]?["pull_request"] == .scalar(""))
    let steps = yaml["jobs"]?["one"]?["steps"]?.items ?? []
    #expect(steps.count == 2)
    #expect(steps.first?["uses"]?.text == "x@v1")
    #expect(steps.first?["with"]?["depth"]?.text == "0")
    #expect(steps.last?["run"]?.text == "echo a\n  echo b\n")
  }
}
