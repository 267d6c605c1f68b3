import Foundation
import MigrateScanKit
import MigrateScanTestSupport
import Testing

/// `migrate-scan diff OLD.json NEW.json` end to end: two scans of a small package, before and
/// after a week's work, diffed; goldens in `Fixtures/diff/`; bad inputs and usage errors pinned
/// as transcripts in `Fixtures/cli/diff-*.txt`.
@Suite struct DiffCommandTests {
  static let schema = FixturePaths.packageRoot.appendingPathComponent("Sources/Reports/diff.schema.json")

  // MARK: - Goldens from two scans

  @Test func markdownMatchesGolden() throws {
    let week = try Week()
    defer { week.remove() }
    let run = CLIRun(["diff", week.old, week.new])
    #expect(run.status == .success)
    #expect(run.stderr.isEmpty)
    let outcome = Golden.compare(week.stable(run.stdout), with: FixturePaths.fixture("diff/progress.md"))
    if let failure = outcome.failureMessage { Issue.record("\(failure)") }
  }

  @Test func jsonMatchesGoldenAndItsSchema() throws {
    let week = try Week()
    defer { week.remove() }
    let run = CLIRun(["diff", week.old, week.new, "--format", "json"])
    #expect(run.status == .success)
    let golden = FixturePaths.fixture("diff/progress.json")
    if let failure = Golden.compare(week.stable(run.stdout), with: golden).failureMessage {
      Issue.record("\(failure)")
    }
    #expect(SchemaValidator.problems(in: run.stdout, schema: Self.schema) == nil)
    let recorded = try String(contentsOf: golden, encoding: .utf8)
    #expect(SchemaValidator.problems(in: recorded, schema: Self.schema) == nil)
  }

  /// The validator must be able to say no, or the schema tests prove nothing.
  @Test func schemaRejectsWhatItDoesNotDescribe() throws {
    let week = try Week()
    defer { week.remove() }
    let json = CLIRun(["diff", week.old, week.new, "--format", "json"]).stdout
    let missing = json.replacingOccurrences(of: "\"newFixNow\": 1,", with: "")
    #expect(SchemaValidator.problems(in: missing, schema: Self.schema)?.contains("newFixNow") == true)
    let extra = json.replacingOccurrences(of: "\"warnings\": [],", with: "\"warnings\": [],\n  \"extra\": 1,")
    #expect(SchemaValidator.problems(in: extra, schema: Self.schema) != nil)
  }

  /// What the goldens say, spelled out, so a re-recording that breaks a promise fails here.
  @Test func theWeekIsReadAsATeamLeadWouldReadIt() throws {
    let week = try Week()
    defer { week.remove() }
    let json = CLIRun(["diff", week.old, week.new, "--format", "json"]).stdout
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let sections = try #require(root["sections"] as? [[String: Any]])
    func modules(_ id: String) -> [[String: Any]] {
      sections.first { $0["id"] as? String == id }?["modules"] as? [[String: Any]] ?? []
    }
    func newRules(_ id: String) -> [String] {
      modules(id).flatMap { ($0["newFindings"] as? [[String: Any]] ?? []).compactMap { $0["ruleId"] as? String } }
    }
    // The migrated module's step is done; the Core wrapper went; the edited one-shot `Future`
    // in `count()` changed its fingerprint and is not new (same declaration).
    let oneShot = modules("one-shot")
    #expect(oneShot.contains { $0["name"] as? String == "Legacy" && ($0["done"] as? [Any])?.count == 1 })
    #expect(newRules("one-shot").isEmpty)
    #expect(oneShot.reduce(0) { $0 + ($1["goneFindings"] as? Int ?? 0) } == 2)
    // The new bug is listed with its place, rule and message.
    let fixNow = try #require(modules("fix-now").first?["newFindings"] as? [[String: Any]])
    #expect(fixNow.count == 1)
    #expect(fixNow.first?["ruleId"] as? String == "continuation-resumed-twice")
    #expect(fixNow.first?["file"] as? String == "Sources/Core/UserService.swift")
    // The deleted `@Published` is gone; the new settings model's findings are new.
    #expect(newRules("view-models").sorted() == ["observable-object", "published-property", "subject"])
    let totals = try #require(root["totals"] as? [String: Int])
    #expect(totals["newFixNow"] == 1)
    #expect(totals["done"] == 1)
  }

  @Test func outputIsDeterministic() throws {
    let week = try Week()
    defer { week.remove() }
    for format in ["markdown", "json"] {
      let first = CLIRun(["diff", week.old, week.new, "--format", format]).stdout
      let second = CLIRun(["diff", week.old, week.new, "--format", format]).stdout
      #expect(!first.isEmpty)
      #expect(first == second, "\(format)")
    }
  }

  @Test func aReportComparedWithItselfShowsNoChange() throws {
    let week = try Week()
    defer { week.remove() }
    let run = CLIRun(["diff", week.new, week.new, "--format", "json", "--fail-on-new"])
    #expect(run.status == .success)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let totals = try #require(root["totals"] as? [String: Int])
    #expect(totals["done"] == 0 && totals["added"] == 0 && totals["newFindings"] == 0 && totals["goneFindings"] == 0)
    #expect((totals["remaining"] ?? 0) > 0)
  }

  @Test func failOnNewFailsOnANewFixNowFindingAndSaysWhy() throws {
    let week = try Week()
    defer { week.remove() }
    let run = CLIRun(["diff", week.old, week.new, "--fail-on-new", "--quiet"])
    #expect(run.status == .policyFailure)
    #expect(run.stderr.contains("error: 1 new fix-now finding(s) since \(week.old) (--fail-on-new)"))
    // Going back (the bug fixed) passes.
    #expect(CLIRun(["diff", week.new, week.old, "--fail-on-new"]).status == .success)
  }

  @Test func outputFileIsWrittenWholeAndStdoutStaysEmpty() throws {
    let week = try Week()
    defer { week.remove() }
    let markdown = week.folder + "/progress.md"
    let json = week.folder + "/progress.json"
    let run = CLIRun(["diff", week.old, week.new, "--output", markdown, "--output", json])
    #expect(run.status == .success)
    #expect(run.stdout.isEmpty)
    #expect(try String(contentsOfFile: markdown, encoding: .utf8) == CLIRun(["diff", week.old, week.new]).stdout)
    let written = try String(contentsOfFile: json, encoding: .utf8)
    #expect(written == CLIRun(["diff", week.old, week.new, "--format", "json"]).stdout)
    // No temporary file is left beside them.
    let names = try FileManager.default.contentsOfDirectory(atPath: week.folder).sorted()
    #expect(names == ["new.json", "old.json", "progress.json", "progress.md", "tree"])
  }

  @Test func reportsOfDifferentRootsAreDiffedWithAWarning() throws {
    let week = try Week()
    defer { week.remove() }
    let moved = week.folder + "/moved.json"
    let text = try String(contentsOfFile: week.new, encoding: .utf8)
      .replacingOccurrences(of: "\"root\": \"\(week.tree)\"", with: "\"root\": \"/elsewhere/app\"")
    try Data(text.utf8).write(to: URL(fileURLWithPath: moved))
    let run = CLIRun(["diff", week.old, moved])
    #expect(run.status == .success)
    #expect(run.stderr.contains("warning: the reports scanned different roots"))
    #expect(run.stderr.contains("'/elsewhere/app' in \(moved)"))
    #expect(run.stdout.contains("> **Warning:** the reports scanned different roots"))
    #expect(run.stdout.contains("1 step done"))
    #expect(CLIRun(["diff", week.old, moved, "--quiet"]).stderr.isEmpty)
  }

  // MARK: - Bad inputs and usage errors

  static let bad = "Fixtures/diff/bad"
  static let good = "Fixtures/diff/minimal.json"

  static let transcripts: [(name: String, arguments: [String], status: ExitCode)] = [
    ("diff-missing-file", ["diff", "\(bad)/no-such.json", good], .runtimeError),
    ("diff-folder", ["diff", good, bad], .runtimeError),
    ("diff-empty", ["diff", "\(bad)/empty.json", good], .runtimeError),
    ("diff-not-json", ["diff", "\(bad)/not-json.json", good], .runtimeError),
    ("diff-truncated", ["diff", good, "\(bad)/truncated.json"], .runtimeError),
    ("diff-other-tool", ["diff", "\(bad)/other-tool.json", good], .runtimeError),
    ("diff-array", ["diff", "\(bad)/array.json", good], .runtimeError),
    ("diff-schema-1", ["diff", "\(bad)/schema-1.json", good], .runtimeError),
    ("diff-schema-4", ["diff", good, "\(bad)/schema-4.json"], .runtimeError),
    ("diff-steps-without-ids", ["diff", "\(bad)/steps-without-ids.json", good], .runtimeError),
    ("diff-wrong-type", ["diff", good, "\(bad)/wrong-type.json"], .runtimeError),
    ("diff-missing-argument", ["diff", good], .usage),
    ("diff-extra-argument", ["diff", good, good, good], .usage),
    ("diff-sarif", ["diff", good, good, "--format", "sarif"], .usage),
    ("diff-sarif-output", ["diff", good, good, "--output", "progress.sarif"], .usage),
    ("diff-inapplicable-option", ["diff", good, good, "--jobs", "2"], .usage),
    ("diff-fail-on-new-on-scan", ["Fixtures/cli/trees/one-subject", "--fail-on-new"], .usage),
    ("diff-misspelled", ["dif", good, good], .usage),
    ("help-diff", ["help", "diff"], .success),
  ]

  @Test(arguments: transcripts.map(\.name))
  func transcriptMatchesGolden(_ name: String) {
    let entry = Self.transcripts.first { $0.name == name }!
    let run = CLIRun(entry.arguments)
    #expect(run.status == entry.status, "\(name): \(run.stderr)")
    let outcome = Golden.compare(run.transcript, with: FixturePaths.fixture("cli/\(name).txt"))
    if let failure = outcome.failureMessage { Issue.record("\(name): \(failure)") }
  }

  /// Every runtime error names the file as given and says what to do.
  @Test(arguments: transcripts.filter { $0.status == .runtimeError }.map(\.name))
  func runtimeErrorsNameTheFileAndWhatToDo(_ name: String) {
    let entry = Self.transcripts.first { $0.name == name }!
    let run = CLIRun(entry.arguments)
    let file = entry.arguments.dropFirst().first { $0 != Self.good } ?? Self.good
    #expect(run.stderr.hasPrefix("error: "), "\(name)")
    #expect(run.stderr.contains(file), "\(name): \(run.stderr)")
    let says = ["give a ", "write it again", "write one", "re-run the scan", "diff with the migrate-scan"]
    #expect(says.contains { run.stderr.contains($0) }, "\(name): \(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  /// A report cut anywhere is refused (exit 2), never read as a shorter report.
  @Test func aReportCutAnywhereIsRefused() throws {
    let bytes = try [UInt8](Data(contentsOf: FixturePaths.fixture("diff/minimal.json")))
    var end = 0
    while end < bytes.count - 1 {
      let reader = JSONPullReader(bytes: Array(bytes[0..<end]), chunkSize: 7)
      #expect(throws: ReportReadError.self, "cut at \(end)") {
        try ReportSnapshotReader.read(reader, path: "cut.json")
      }
      end += 1
    }
  }
}

/// Two scans of one small package: `old.json` before a week's work, `new.json` after it. The
/// same folder is scanned both times, as a team scans its checkout each week.
///
/// The week: `Legacy`'s only wrapper became `async` (its step is done); `Core`'s wrapper too,
/// and its one-shot `Future` in `count()` was edited (not new: same declaration); a
/// continuation resumed twice was added (new, fix-now); one `@Published` was deleted (gone); a
/// settings model with a subject was added (new findings).
struct Week {
  let folder: String
  var tree: String { folder + "/tree" }
  var old: String { folder + "/old.json" }
  var new: String { folder + "/new.json" }

  init() throws {
    folder =
      FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-diff-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (path, text) in Week.before { try write(path, text) }
    try scan(to: old)
    try FileManager.default.removeItem(atPath: tree)
    for (path, text) in Week.after { try write(path, text) }
    try scan(to: new)
  }

  func remove() { try? FileManager.default.removeItem(atPath: folder) }

  /// `text` with the temporary folder replaced by a placeholder.
  func stable(_ text: String) -> String {
    CLIRun.stable(text.replacingOccurrences(of: folder, with: "{{TMP}}"))
  }

  private func write(_ path: String, _ text: String) throws {
    let url = URL(fileURLWithPath: tree).appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  private func scan(to report: String) throws {
    let run = CLIRun([tree, "--output", report, "--quiet"])
    guard run.status == .success else { throw CocoaError(.fileWriteUnknown) }
  }

  static let manifest = """
    // swift-tools-version: 5.9
    import PackageDescription

    let package = Package(
      name: "Weekly",
      platforms: [.iOS(.v17)],
      targets: [
        .target(name: "Core"),
        .target(name: "Legacy", dependencies: ["Core"]),
        .target(name: "App", dependencies: ["Core", "Legacy"]),
      ]
    )

    """

  static let downloader = """
    import Combine
    import Foundation

    final class Downloader {
      func download(_ url: URL) async throws -> Data { Data() }

      func data(_ url: URL) -> AnyPublisher<Data, Error> {
        Future { promise in
          Task {
            do {
              promise(.success(try await self.download(url)))
            } catch {
              promise(.failure(error))
            }
          }
        }
        .eraseToAnyPublisher()
      }
    }

    """

  static let downloaderAfter = """
    import Foundation

    final class Downloader {
      func download(_ url: URL) async throws -> Data { Data() }
    }

    """

  static let userService = """
    import Combine
    import Foundation

    struct User { let id: String }

    final class UserService {
      func fetch(id: String) async throws -> User { User(id: id) }

      func user(id: String) -> AnyPublisher<User, Error> {
        Future { promise in
          Task {
            do {
              promise(.success(try await self.fetch(id: id)))
            } catch {
              promise(.failure(error))
            }
          }
        }
        .eraseToAnyPublisher()
      }

      func legacyLoad(_ done: @escaping (Int) -> Void) { done(1) }

      func count() -> Future<Int, Never> {
        Future { promise in
          self.legacyLoad { value in promise(.success(value)) }
        }
      }
    }

    """

  static let userServiceAfter = """
    import Combine
    import Foundation

    struct User { let id: String }

    final class UserService {
      func fetch(id: String) async throws -> User { User(id: id) }

      func user(id: String) async throws -> User {
        try await fetch(id: id)
      }

      func legacyLoad(_ done: @escaping (Int) -> Void) { done(1) }

      func count() -> Future<Int, Never> {
        Future { promise in
          self.legacyLoad { value in promise(.success(value * 2)) }
        }
      }
    }

    extension UserService {
      func waitForCount() async -> Int {
        await withCheckedContinuation { continuation in
          legacyLoad { value in
            continuation.resume(returning: value)
            continuation.resume(returning: value + 1)
          }
        }
      }
    }

    """

  static let profile = """
    import Combine
    import Core
    import SwiftUI

    final class ProfileViewModel: ObservableObject {
      @Published var name = ""
      @Published var bio = ""
      private var cancellables = Set<AnyCancellable>()

      func start() {
        $name
          .map { $0.uppercased() }
          .sink { print($0) }
          .store(in: &cancellables)
      }
    }

    """

  static let settings = """
    import Combine

    final class SettingsModel: ObservableObject {
      @Published var darkMode = false
      let changes = PassthroughSubject<Bool, Never>()
    }

    """

  static let before: [(String, String)] = [
    ("Package.swift", manifest),
    ("Sources/Legacy/Downloader.swift", downloader),
    ("Sources/Core/UserService.swift", userService),
    ("Sources/App/ProfileViewModel.swift", profile),
  ]

  static let after: [(String, String)] = [
    ("Package.swift", manifest),
    ("Sources/Legacy/Downloader.swift", downloaderAfter),
    ("Sources/Core/UserService.swift", userServiceAfter),
    ("Sources/App/ProfileViewModel.swift", profile.replacingOccurrences(of: "  @Published var bio = \"\"\n", with: "")),
    ("Sources/App/Settings/SettingsModel.swift", settings),
  ]
}
