import Foundation
import MigrateScanKit
import Testing

/// The pre-commit promise, end to end in temporary git repositories: a change that adds a
/// Future/Task wrapper fails; a change that moves, re-indents or edits around one passes.
@Suite struct GateTests {
  static let header = "import Combine\n\nfinal class Service {\n  func load() async throws -> Int { 1 }\n"

  static let wrapper = """
      func publisher() -> Future<Int, Error> {
        Future { promise in
          Task { promise(.success(try await self.load())) }
        }
      }

    """

  static let helper = """
    import Combine

    extension Future where Failure == Error {
      convenience init(operation: @escaping @Sendable () async throws -> Output) {
        self.init { promise in
          Task {
            do { promise(.success(try await operation())) } catch { promise(.failure(error)) }
          }
        }
      }
    }

    """

  static func service(_ body: String) -> String { header + body + "}\n" }

  /// A repository whose first commit holds `files`, then `change` is written and staged.
  static func check(
    committed files: [String: String], staged change: [String: String], extra: [String] = []
  ) throws -> CLIRun {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    for (path, text) in files { try repository.write(path, text) }
    try repository.commitAll()
    for (path, text) in change { try repository.write(path, text) }
    try repository.stageAll()
    return CLIRun(["check", "--staged", "--quiet", repository.path] + extra)
  }

  @Test func newWrapperStagedFailsAndIsNamed() throws {
    let run = try Self.check(
      committed: ["Sources/Service.swift": Self.service("")],
      staged: ["Sources/Service.swift": Self.service(Self.wrapper)])
    #expect(run.status == .policyFailure)
    #expect(run.stdout.contains("Sources/Service.swift:6:5: error: `Future` whose closure starts a `Task`"))
    #expect(run.stdout.contains("[future-task-wrapper]"))
    #expect(run.stdout.contains("help: "))
  }

  @Test func wrapperMovedThirtyLinesDownAndReindentedPasses() throws {
    let padding = String(repeating: "  // spacing\n", count: 30)
    let reindented = Self.wrapper.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    let run = try Self.check(
      committed: ["Sources/Service.swift": Self.service(Self.wrapper)],
      staged: ["Sources/Service.swift": Self.service(padding + reindented)])
    #expect(run.status == .success, "\(run.stdout)")
  }

  @Test func unrelatedEditInTheSameFilePasses() throws {
    let run = try Self.check(
      committed: ["Sources/Service.swift": Self.service(Self.wrapper)],
      staged: [
        "Sources/Service.swift": Self.service("  var name = \"edited\"\n\n" + Self.wrapper + "  func other() {}\n")
      ])
    #expect(run.status == .success, "\(run.stdout)")
  }

  @Test func secondIdenticalWrapperFails() throws {
    let twin = Self.wrapper.replacingOccurrences(of: "func publisher()", with: "func publisher() ")
    let run = try Self.check(
      committed: ["Sources/Service.swift": Self.service(Self.wrapper)],
      staged: ["Sources/Service.swift": Self.service(Self.wrapper + twin)])
    #expect(run.status == .policyFailure)
  }

  @Test func indirectWrapperThroughAnExistingHelperFails() throws {
    let call = "  func viaHelper() -> Future<Int, Error> {\n    Future { try await self.load() }\n  }\n"
    let run = try Self.check(
      committed: ["Sources/Future+Async.swift": Self.helper, "Sources/Service.swift": Self.service("")],
      staged: ["Sources/Service.swift": Self.service(call)])
    #expect(run.status == .policyFailure)
    #expect(run.stdout.contains("Sources/Service.swift:6:5"))
  }

  @Test func suppressedWrapperWithAReasonPasses() throws {
    let suppressed = Self.wrapper.replacingOccurrences(
      of: "    Future { promise in",
      with: "    // migrate-scan:disable-next-line future-task-wrapper -- the SDK still needs a publisher\n"
        + "    Future { promise in")
    let run = try Self.check(
      committed: ["Sources/Service.swift": Self.service("")],
      staged: ["Sources/Service.swift": Self.service(suppressed)])
    #expect(run.status == .success, "\(run.stdout)")
  }

  @Test func unstagedWrapperIsNotChecked() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/Service.swift", Self.service(""))
    try repository.commitAll()
    try repository.write("Sources/Service.swift", Self.service(Self.wrapper))
    #expect(CLIRun(["check", "--staged", "--quiet", repository.path]).status == .success)
  }

  @Test func sinceRevisionComparesWithThatRevision() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/Service.swift", Self.service(""))
    try repository.commitAll()
    try repository.git("tag", "base")
    try repository.write("Sources/Service.swift", Self.service(Self.wrapper))
    try repository.commitAll()
    #expect(CLIRun(["check", "--since", "base", "--quiet", repository.path]).status == .policyFailure)
    #expect(CLIRun(["check", "--since", "HEAD", "--quiet", repository.path]).status == .success)
  }

  @Test func corruptBaselineIsAnError() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/Service.swift", Self.service(Self.wrapper))
    try repository.write("baseline.json", "{ not json")
    let run = CLIRun(["check", "--baseline", repository.path + "/baseline.json", repository.path])
    #expect(run.status == .runtimeError)
    #expect(run.stderr.contains("is not a migrate-scan baseline"))
    try repository.write("foreign.json", "{\"version\": 1, \"findings\": []}")
    #expect(
      CLIRun(["check", "--baseline", repository.path + "/foreign.json", repository.path]).status == .runtimeError)
  }

  @Test func baselineAcceptsWhatWasThereAndRatchetFailsWhenItGoes() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    let baseline = repository.path + "/../" + URL(fileURLWithPath: repository.path).lastPathComponent + ".baseline.json"
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    try repository.write("Sources/Service.swift", Self.service(Self.wrapper))
    #expect(CLIRun(["check", "--quiet", repository.path]).status == .policyFailure)
    #expect(CLIRun(["--write-baseline", baseline, "--quiet", "--format", "json", repository.path]).status == .success)
    #expect(CLIRun(["check", "--baseline", baseline, "--quiet", repository.path]).status == .success)
    let text = try String(contentsOfFile: baseline, encoding: .utf8)
    #expect(text.contains("\"tool\": \"migrate-scan\""))
    #expect(!text.contains("\"line\""), "a baseline never records line numbers")

    try repository.write("Sources/Service.swift", Self.service(""))
    #expect(CLIRun(["check", "--baseline", baseline, "--quiet", repository.path]).status == .success)
    #expect(
      CLIRun(["check", "--baseline", baseline, "--ratchet", "--quiet", repository.path]).status == .policyFailure)
  }

  @Test func failOnChoosesWhatFails() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write("Sources/Model.swift", "import Combine\nfinal class M: ObservableObject {}\n")
    #expect(CLIRun(["check", "--quiet", repository.path]).status == .success)
    #expect(CLIRun(["check", "--fail-on", "observable-object", "--quiet", repository.path]).status == .policyFailure)
    #expect(CLIRun(["check", "--fail-on", "note", "--quiet", repository.path]).status == .policyFailure)
    #expect(CLIRun(["check", "--fail-on", "error", "--quiet", repository.path]).status == .success)
    #expect(CLIRun(["check", "--fail-on", "obervable-object", repository.path]).status == .usage)
  }
}
