import Foundation
import MigrateScanKit
import Testing

/// "New" means new, end to end: an edited, renamed or moved wrapper pairs with its old self and
/// passes `check`; only a wrapper the change adds and nothing pairs with fails.
@Suite struct GatePairingTests {
  static let header = """
    import Combine

    final class Service {
      func fetch(_ id: String) async throws -> Int { 1 }
      func fetchAdmin(_ id: String) async throws -> Int { 2 }

    """

  /// A wrapper in a method called `name`, calling `call` inside its `Task`.
  static func wrapper(_ name: String = "user", call: String = "self.fetch(id)") -> String {
    """
      func \(name)(id: String) -> Future<Int, Error> {
        Future { promise in
          Task { promise(.success(try await \(call))) }
        }
      }

    """
  }

  static func service(_ body: String) -> String { header + body + "}\n" }

  /// The `error:` lines of a check's stdout: one per failing finding.
  static func errors(_ run: CLIRun) -> [Substring] {
    run.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
  }

  @Test func oneTokenEditInsideAnExistingWrapperPasses() throws {
    let run = try GateTests.check(
      committed: ["Sources/Service.swift": Self.service(Self.wrapper())],
      staged: ["Sources/Service.swift": Self.service(Self.wrapper(call: "self.fetch(id.lowercased())"))])
    #expect(run.status == .success, "\(run.stdout)")
  }

  @Test func renamingTheMethodThatHoldsAWrapperPasses() throws {
    let run = try GateTests.check(
      committed: ["Sources/Service.swift": Self.service(Self.wrapper())],
      staged: ["Sources/Service.swift": Self.service(Self.wrapper("account"))])
    #expect(run.status == .success, "\(run.stdout)")
  }

  @Test func renamingAndEditingTogetherPasses() throws {
    let run = try GateTests.check(
      committed: ["Sources/Service.swift": Self.service(Self.wrapper())],
      staged: [
        "Sources/Service.swift": Self.service(Self.wrapper("account", call: "self.fetch(id, cached: false)"))
      ])
    #expect(run.status == .success, "\(run.stdout)")
  }

  @Test func renamingATypeKeepsAllItsFindings() throws {
    let model = "final class Colors: ObservableObject {\n  @Published var tint = 0\n}\n"
    let run = try GateTests.check(
      committed: ["Sources/Service.swift": Self.service(Self.wrapper()) + model],
      staged: [
        "Sources/Service.swift": Self.service(Self.wrapper()).replacingOccurrences(of: "Service", with: "Client")
          + model.replacingOccurrences(of: "Colors", with: "Values")
      ],
      extra: ["--fail-on", "future-task-wrapper,observable-object,published-property"])
    #expect(run.status == .success, "\(run.stdout)")
  }

  @Test func movingAWrapperToANewFileWhileSplittingPasses() throws {
    let other = "  func name() -> String { \"service\" }\n"
    let run = try GateTests.check(
      committed: ["Sources/Service.swift": Self.service(other + Self.wrapper())],
      staged: [
        "Sources/Service.swift": Self.service(other),
        "Sources/Service+User.swift": "import Combine\n\nextension Service {\n" + Self.wrapper() + "}\n",
      ])
    #expect(run.status == .success, "\(run.stdout)")
  }

  @Test func movingAWrapperOutOfADeletedFilePasses() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    try repository.write(
      "Sources/Big.swift", Self.service(Self.wrapper() + Self.wrapper("admin", call: "self.fetchAdmin(id)")))
    try repository.commitAll()
    try repository.git("rm", "-q", "Sources/Big.swift")
    // Each half is too unlike the old file for git to call it a rename.
    try repository.write(
      "Sources/User.swift", "import Combine\n\nextension Service {\n" + Self.wrapper() + "}\n")
    try repository.write(
      "Sources/Admin.swift",
      "import Combine\n\nextension Service {\n" + Self.wrapper("admin", call: "self.fetchAdmin(id)") + "}\n")
    try repository.write("Sources/Service.swift", Self.service(""))
    try repository.stageAll()
    let run = CLIRun(["check", "--staged", "--quiet", repository.path])
    #expect(run.status == .success, "\(run.stdout)")
  }

  @Test func aSecondNearIdenticalWrapperBesideAnExistingOneIsExactlyOneNew() throws {
    let run = try GateTests.check(
      committed: ["Sources/Service.swift": Self.service(Self.wrapper())],
      staged: [
        "Sources/Service.swift": Self.service(Self.wrapper() + Self.wrapper("admin", call: "self.fetchAdmin(id)"))
      ])
    #expect(run.status == .policyFailure)
    let errors = Self.errors(run)
    #expect(errors.count == 1, "\(run.stdout)")
    // The new one is the second method's `Future`, on line 12.
    #expect(errors.first?.contains("Sources/Service.swift:12:") == true, "\(errors)")
  }

  @Test func anEditedWrapperAndANewOneBesideItIsOneNew() throws {
    let run = try GateTests.check(
      committed: ["Sources/Service.swift": Self.service(Self.wrapper())],
      staged: [
        "Sources/Service.swift": Self.service(
          Self.wrapper(call: "self.fetch(id.lowercased())") + Self.wrapper("admin", call: "self.fetchAdmin(id)"))
      ])
    #expect(run.status == .policyFailure)
    #expect(Self.errors(run).count == 1, "\(run.stdout)")
    #expect(Self.errors(run).first?.contains("Sources/Service.swift:12:") == true, "\(Self.errors(run))")
  }

  @Test func aWrapperMovedIntoANewFileBesideANewOneIsOneNew() throws {
    let run = try GateTests.check(
      committed: ["Sources/Service.swift": Self.service(Self.wrapper())],
      staged: [
        "Sources/Service.swift": Self.service(""),
        "Sources/Service+User.swift": "import Combine\n\nextension Service {\n" + Self.wrapper()
          + Self.wrapper("admin", call: "self.fetchAdmin(id)") + "}\n",
      ])
    #expect(run.status == .policyFailure)
    #expect(Self.errors(run).count == 1, "\(run.stdout)")
    #expect(Self.errors(run).first?.contains("Service+User.swift:10:") == true, "\(Self.errors(run))")
  }

  @Test func replacingAWrapperWithAnUnlikeOneElsewhereFails() throws {
    // Migrating one wrapper does not buy a different one in another file.
    let run = try GateTests.check(
      committed: ["Sources/Service.swift": Self.service(Self.wrapper())],
      staged: [
        "Sources/Service.swift": Self.service(""),
        "Sources/Admin.swift": "import Combine\n\nextension Service {\n"
          + Self.wrapper("report", call: "Reporter.shared.upload(Bundle.main.logs)") + "}\n",
      ])
    #expect(run.status == .policyFailure, "\(run.stdout)")
  }

  // MARK: Baselines

  @Test func baselineSurvivesAnEditInsideABaselinedWrapper() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    let baseline = repository.path + ".baseline.json"
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    try repository.write("Sources/Service.swift", Self.service(Self.wrapper()))
    #expect(CLIRun(["--write-baseline", baseline, "--quiet", "--format", "json", repository.path]).status == .success)
    let text = try String(contentsOfFile: baseline, encoding: .utf8)
    #expect(text.contains("\"version\": 2"))
    #expect(text.contains("\"shape\": \""))

    try repository.write("Sources/Service.swift", Self.service(Self.wrapper(call: "self.fetch(id.lowercased())")))
    #expect(CLIRun(["check", "--baseline", baseline, "--quiet", repository.path]).status == .success)
    // Renamed too: the shape pairs it across declarations.
    try repository.write("Sources/Service.swift", Self.service(Self.wrapper("account", call: "self.fetch(id)")))
    #expect(CLIRun(["check", "--baseline", baseline, "--quiet", repository.path]).status == .success)
    #expect(CLIRun(["check", "--baseline", baseline, "--ratchet", "--quiet", repository.path]).status == .success)
    // A second wrapper beside it is new.
    try repository.write(
      "Sources/Service.swift", Self.service(Self.wrapper() + Self.wrapper("admin", call: "self.fetchAdmin(id)")))
    let run = CLIRun(["check", "--baseline", baseline, "--quiet", repository.path])
    #expect(run.status == .policyFailure)
    #expect(Self.errors(run).count == 1, "\(run.stdout)")
  }

  @Test func versionOneBaselineStillLoadsAndPairsWithinTheDeclaration() throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    let baseline = repository.path + ".baseline.json"
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    try repository.write("Sources/Service.swift", Self.service(Self.wrapper()))
    #expect(CLIRun(["--write-baseline", baseline, "--quiet", "--format", "json", repository.path]).status == .success)
    // The same file as version 1 wrote it: no shapes.
    var text = try String(contentsOfFile: baseline, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"version\": 2", with: "\"version\": 1")
    text = text.replacingOccurrences(of: #", "shape": "[0-9a-f ]*""#, with: "", options: .regularExpression)
    #expect(!text.contains("shape"))
    try text.write(toFile: baseline, atomically: true, encoding: .utf8)

    #expect(CLIRun(["check", "--baseline", baseline, "--quiet", repository.path]).status == .success)
    try repository.write("Sources/Service.swift", Self.service(Self.wrapper(call: "self.fetch(id.lowercased())")))
    #expect(CLIRun(["check", "--baseline", baseline, "--quiet", repository.path]).status == .success)
  }
}
