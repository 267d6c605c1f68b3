import Foundation
import MigrateScanKit
import Testing

/// The leave-alone rule on a real repository whose commits carry fixed dates: the history is
/// read by one `git log`, and "now" is the newest commit, so the report never depends on today.
@Suite struct LeaveAloneHistoryTests {
  /// A type of about 450 lines with three kept operators and a `@Published` property to migrate.
  static func unit(_ name: String, extra: String = "") -> String {
    var text = """
      import Combine
      import Foundation

      final class \(name): ObservableObject {
        @Published var status = ""
        private var cancellables = Set<AnyCancellable>()

        func start(_ a: AnyPublisher<Int, Never>, _ b: AnyPublisher<Int, Never>) {
          a.combineLatest(b)
            .debounce(for: .seconds(1), scheduler: DispatchQueue.main)
            .removeDuplicates { $0 == $1 }
            .sink { [weak self] value in self?.status = "\\(value)" }
            .store(in: &cancellables)
        }

      """
    for index in 0..<440 { text += "  func step\(index)() -> Int { \(index) }\n" }
    return text + extra + "}\n"
  }

  static let manifest = """
    // swift-tools-version:5.9
    import PackageDescription

    let package = Package(
      name: "App",
      targets: [.target(name: "App"), .testTarget(name: "AppTests", dependencies: ["App"])]
    )

    """

  /// `SyncEngine` last changed in January 2022, `FeedLoader` in May 2024, `Cache` (which a test
  /// names) in January 2022; the newest commit is of June 2024.
  static func makeRepository() throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    try repository.write("Package.swift", manifest)
    try repository.write("Sources/App/SyncEngine.swift", unit("SyncEngine"))
    try repository.write("Sources/App/FeedLoader.swift", unit("FeedLoader"))
    try repository.write("Sources/App/Cache.swift", unit("Cache"))
    try repository.write(
      "Tests/AppTests/CacheTests.swift",
      "import XCTest\n@testable import App\n\nfinal class CacheTests: XCTestCase {\n"
        + "  func testStart() { _ = Cache() }\n}\n")
    try repository.commit(at: "2022-01-10T12:00:00Z")
    try repository.write("Sources/App/FeedLoader.swift", unit("FeedLoader", extra: "  func later() {}\n"))
    try repository.commit(at: "2024-05-20T12:00:00Z")
    try repository.write("Tests/AppTests/CacheTests.swift", "import XCTest\n@testable import App\n\n// Cache\n")
    try repository.write(
      "Tests/AppTests/CacheTests.swift",
      "import XCTest\n@testable import App\n\nfinal class CacheTests: XCTestCase {\n"
        + "  func testStart() { _ = Cache() }\n  func testAgain() {}\n}\n")
    try repository.commit(at: "2024-06-01T12:00:00Z")
    return repository
  }

  /// Each type's `observable-object` finding: its disposition and last reason.
  static func verdicts(_ arguments: [String]) throws -> [String: (disposition: String, reason: String)] {
    let run = CLIRun(arguments + ["--format", "json", "--quiet"])
    try #require(run.status == .success, "\(run.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    var verdicts: [String: (String, String)] = [:]
    for finding in report["findings"] as? [[String: Any]] ?? []
    where finding["category"] as? String == "observable-object" {
      let symbol = finding["symbol"] as? String ?? ""
      verdicts[symbol] = (finding["disposition"] as? String ?? "", (finding["reasons"] as? [String])?.last ?? "")
    }
    return verdicts
  }

  @Test func theHistoryDecidesWhichLargeUntestedUnitIsLeftAlone() throws {
    let repository = try Self.makeRepository()
    defer { repository.remove() }
    let verdicts = try Self.verdicts([repository.path])
    #expect(verdicts["SyncEngine"]?.disposition == "leave-alone")
    #expect(
      verdicts["SyncEngine"]?.reason
        == "leave-alone rule: ≥ 400 lines (455), ≥ 3 operators (3: `combineLatest`, `debounce`, `removeDuplicates`), "
        + "no test references `SyncEngine`, unchanged for 28 months ≥ 12 (last change 2022-01-10, 1 commit in the "
        + "whole history, back to 2022-01-10): rewrite it when you next need to change it")
    #expect(verdicts["FeedLoader"]?.disposition == "migrate", "changed 12 days before the newest commit")
    #expect(verdicts["Cache"]?.disposition == "migrate", "CacheTests names it")
  }

  /// The history is one `git log`: every git call goes through the runner, and besides the log
  /// there is only the shallow-clone check.
  @Test func theHistoryIsReadWithExactlyOneGitLog() throws {
    let repository = try Self.makeRepository()
    defer { repository.remove() }
    var calls: [[String]] = []
    let reading = GitHistory.read(root: repository.path) { arguments, maxOutput in
      calls.append(arguments)
      return GitRepository.run(arguments, maxOutput: maxOutput)
    }
    guard case .available(let history) = reading else {
      Issue.record("no history: \(reading)")
      return
    }
    #expect(history.commitCount == 3)
    #expect(history.files.keys.sorted().contains("Sources/App/SyncEngine.swift"))
    #expect(calls.count { $0.contains("log") } == 1, "\(calls)")
    #expect(calls.count == 2, "rev-parse --is-shallow-repository, then the log: \(calls)")
  }

  @Test func noHistoryJudgesOnTheOtherFactsAndSaysSo() throws {
    let repository = try Self.makeRepository()
    defer { repository.remove() }
    let verdicts = try Self.verdicts([repository.path, "--no-history"])
    #expect(verdicts["SyncEngine"]?.disposition == "leave-alone")
    #expect(verdicts["FeedLoader"]?.disposition == "leave-alone")
    #expect(verdicts["FeedLoader"]?.reason.contains("git history unavailable (--no-history)") == true)
    #expect(verdicts["Cache"]?.disposition == "migrate")
  }

  @Test func noHistoryIsForScansOnly() {
    let run = CLIRun(["check", "--no-history", "."])
    #expect(run.status == .usage, "\(run.stderr)")
  }

  @Test func outsideARepositoryAndInAShallowCloneHistoryIsUnavailable() throws {
    let repository = try Self.makeRepository()
    defer { repository.remove() }
    let copy = repository.path + "-copy"
    defer { try? FileManager.default.removeItem(atPath: copy) }
    try FileManager.default.copyItem(atPath: repository.path, toPath: copy)
    try FileManager.default.removeItem(atPath: copy + "/.git")
    let plain = try Self.verdicts([copy])
    #expect(plain["FeedLoader"]?.reason.contains("git history unavailable (not a git repository)") == true)

    let shallow = repository.path + "-shallow"
    defer { try? FileManager.default.removeItem(atPath: shallow) }
    try repository.git("clone", "-q", "--depth", "1", "file://" + repository.path, shallow)
    let cloned = try Self.verdicts([shallow])
    #expect(cloned["FeedLoader"]?.disposition == "leave-alone")
    #expect(cloned["FeedLoader"]?.reason.contains("git history unavailable (a shallow clone") == true)
  }

  @Test func thresholdsComeFromTheConfiguration() throws {
    let repository = try Self.makeRepository()
    defer { repository.remove() }
    try repository.write(".migrate-scan.json", #"{"leaveAlone": {"unchangedMonths": 30}}"#)
    #expect(try Self.verdicts([repository.path])["SyncEngine"]?.disposition == "migrate", "28 months < 30")
    try repository.write(".migrate-scan.json", #"{"leaveAlone": {"lines": 1000, "unchangedMonths": 0}}"#)
    #expect(try Self.verdicts([repository.path]).values.allSatisfy { $0.disposition == "migrate" })
    try repository.write(".migrate-scan.json", #"{"leaveAlone": {"operators": 4}}"#)
    #expect(try Self.verdicts([repository.path])["SyncEngine"]?.disposition == "migrate", "3 operators < 4")
    try repository.write(".migrate-scan.json", #"{"leaveAlone": {"unchangedMonths": 0}}"#)
    #expect(try Self.verdicts([repository.path])["FeedLoader"]?.disposition == "leave-alone")
  }

  @Test func theDeprecatedKeyStillWorksAndSaysWhatReplacesIt() throws {
    let repository = try Self.makeRepository()
    defer { repository.remove() }
    try repository.write(".migrate-scan.json", "{\n  \"leaveAloneLines\": 5000\n}\n")
    let run = CLIRun([repository.path, "--format", "json", "--output", "/dev/null"])
    #expect(run.status == .success)
    #expect(
      run.stderr.contains(
        ".migrate-scan.json:2:22: warning: 'leaveAloneLines' is deprecated: it now counts the lines of one unit"),
      "\(run.stderr)")
    #expect(run.stderr.contains(#"write "leaveAlone": {"lines": 5000} instead"#))
    #expect(try Self.verdicts([repository.path])["SyncEngine"]?.disposition == "migrate", "457 lines < 5000")
  }

  /// The same commit gives the same report, however long after it the scan runs: the report
  /// holds no date that is not a commit's.
  @Test func theReportDependsOnTheCommitsOnly() throws {
    let repository = try Self.makeRepository()
    defer { repository.remove() }
    let first = CLIRun([repository.path, "--format", "json", "--quiet"])
    let second = CLIRun([repository.path, "--format", "json", "--quiet", "--jobs", "1"])
    #expect(first.stdout == second.stdout)
    #expect(!first.stdout.contains(Self.today()))
  }

  static func today() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: Date())
  }
}

extension TemporaryRepository {
  /// Commits everything with author and committer dates `date` (ISO 8601).
  func commit(at date: String) throws {
    try git("add", "-A")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", path, "commit", "-q", "-m", "at \(date)"]
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_AUTHOR_DATE"] = date
    environment["GIT_COMMITTER_DATE"] = date
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 { throw CocoaError(.fileWriteUnknown) }
  }
}

/// The read is bounded by commits and by bytes, and says so.
@Suite struct GitHistoryBoundTests {
  @Test func theNewestCommitsAreReadAndTheRestIsSaidToBeCut() throws {
    let repository = try LeaveAloneHistoryTests.makeRepository()
    defer { repository.remove() }
    guard case .available(let whole) = GitHistory.read(root: repository.path) else {
      Issue.record("no history")
      return
    }
    #expect(whole.commitCount == 3 && !whole.truncated)
    #expect(whole.files["Sources/App/SyncEngine.swift"]?.commits == [2])
    #expect(whole.files["Tests/AppTests/CacheTests.swift"]?.commits == [0, 2])
    guard case .available(let two) = GitHistory.read(root: repository.path, maximumCommits: 2) else {
      Issue.record("no history")
      return
    }
    #expect(two.commitCount == 2 && two.truncated)
    #expect(two.files["Sources/App/SyncEngine.swift"] == nil)
    // 60 bytes hold the newest commit and part of the next: only the whole one counts.
    guard case .available(let cut) = GitHistory.read(root: repository.path, maximumBytes: 60) else {
      Issue.record("no history")
      return
    }
    #expect(cut.commitCount == 1 && cut.truncated)
    #expect(cut.files.keys.sorted() == ["Tests/AppTests/CacheTests.swift"])
  }

  @Test func aSubfolderReadsItsOwnPaths() throws {
    let repository = try LeaveAloneHistoryTests.makeRepository()
    defer { repository.remove() }
    guard case .available(let history) = GitHistory.read(root: repository.path + "/Sources") else {
      Issue.record("no history")
      return
    }
    #expect(history.files.keys.sorted() == ["App/Cache.swift", "App/FeedLoader.swift", "App/SyncEngine.swift"])
  }

  @Test func aRepositoryWithoutCommits() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    #expect(GitHistory.read(root: repository.path) == .unavailable("the repository has no commit yet"))
  }
}
