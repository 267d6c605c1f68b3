import Foundation
import Testing

/// The promise "byte-identical output for any `--jobs`", checked where it can break.
///
/// `ProjectGoldenTests` compares thread counts inside one test process, on fixtures of a few
/// files. That misses two things. Swift seeds `Set` and `Dictionary` hashing per process, so an
/// iteration order that reaches the output is the same for every scan of one process and
/// differs between runs of the tool. And the tree-wide pass only splits work across threads
/// from 128 files (`ParallelChunks`' minimum chunk), so a few files never leave the calling
/// thread. Here the built binary scans a generated tree of several packages and about two
/// hundred files, in separate processes, with random and fixed hash seeds and 1, 2 and 8 threads.
@Suite(.serialized) struct CrossProcessDeterminismTests {
  /// A tree that exercises every tree-wide join: packages and modules with platforms, file
  /// cycles inside modules, `$x` feeds across files and types, Future initialiser helpers and
  /// their calls, completion defects reached through callers, identical twins, suppressions.
  static func makeTree() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-det-\(UUID().uuidString)")
    let features = 4
    let filesPerModule = 40
    var manifest = """
      // swift-tools-version:5.9
      import PackageDescription
      let package = Package(
        name: "App",
        platforms: [.iOS(.v15), .macOS(.v12)],
        targets: [
          .target(name: "Core"),

      """
    for feature in 0..<features {
      manifest +=
        "    .target(name: \"Feature\(feature)\", dependencies: [\"Core\"\(feature > 0 ? ", \"Feature\(feature - 1)\"" : "")]),\n"
    }
    manifest += "    .testTarget(name: \"CoreTests\", dependencies: [\"Core\"]),\n  ]\n)\n"
    try write(manifest, to: root.appendingPathComponent("Package.swift"))
    try write(coreSource, to: root.appendingPathComponent("Sources/Core/Helpers.swift"))
    try write(
      "import XCTest\n@testable import Core\nfinal class CoreTests: XCTestCase {}\n",
      to: root.appendingPathComponent("Tests/CoreTests/CoreTests.swift"))
    for feature in 0..<features {
      for index in 0..<filesPerModule {
        let path = "Sources/Feature\(feature)/Model\(feature)_\(index).swift"
        try write(featureSource(feature, index, count: filesPerModule), to: root.appendingPathComponent(path))
      }
    }
    // A folder module with no manifest target (edges inferred from names), and a nested package.
    for index in 0..<20 {
      try write(
        "import Combine\nfinal class Loose\(index) { let model = Model0_\(index)(); "
          + "func go() { model.$query.sink { _ in }.store(in: &model.bag) } }\n",
        to: root.appendingPathComponent("Scripts/Loose\(index).swift"))
    }
    try write(
      "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Inner\", "
        + "platforms: [.iOS(.v13)], targets: [.target(name: \"Inner\")])\n",
      to: root.appendingPathComponent("Packages/Inner/Package.swift"))
    for index in 0..<10 {
      try write(
        "import Combine\nfinal class InnerModel\(index): ObservableObject { @Published var value = 0\n"
          + "  func load() -> Future<Int, Never> { Future { promise in Task { promise(.success(\(index))) } } } }\n",
        to: root.appendingPathComponent("Packages/Inner/Sources/Inner/InnerModel\(index).swift"))
    }
    return root
  }

  static let coreSource = """
    import Combine

    extension Future where Failure == Error {
      convenience init(operation: @escaping () async throws -> Output) {
        self.init { promise in
          Task { promise(.success(try await operation())) }
        }
      }
    }

    public func fetchValue(completion: @escaping (Int) -> Void) {
      if Bool.random() { return }
      completion(1)
    }

    public final class Store: ObservableObject {
      @Published public var state = 0
      public let events = PassthroughSubject<Int, Never>()
    }
    """

  static func featureSource(_ feature: Int, _ index: Int, count: Int) -> String {
    // Types name each other in rings of five: cycles inside a module's file graph.
    let next = index % 5 == 4 ? index - 4 : index + 1
    let suppressed = index % 11 == 0 ? "  // migrate-scan:disable-next-line subject -- kept on purpose\n" : ""
    return """
      import Combine
      import Core

      final class Model\(feature)_\(index): ObservableObject {
        @Published var query = ""
        @Published var count = 0
        var bag = Set<AnyCancellable>()
        let link: Model\(feature)_\(next)? = nil
      \(suppressed)  let subject = PassthroughSubject<Int, Never>()
        func bind() { $query.debounce(for: 1, scheduler: RunLoop.main).sink { _ in }.store(in: &bag) }
        func watch(_ store: Store) { store.$state.sink { _ in }.store(in: &bag) }
        func load() -> Future<Int, Error> { Future { promise in Task { promise(.success(1)) } } }
        func twin() -> [Future<Int, Error>] {
          [Future { promise in Task { promise(.success(1)) } }, Future { promise in Task { promise(.success(1)) } }]
        }
        func helper() -> Future<Int, Error> { Future { try await Task.sleep(nanoseconds: 1); return \(index) } }
        func bridge() async -> Int { await withCheckedContinuation { c in fetchValue { c.resume(returning: $0) } } }
        func send() { objectWillChange.send() }
      }
      """
  }

  static func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// Runs the built binary; `hashing` sets `SWIFT_DETERMINISTIC_HASHING`, nil leaves the seed
  /// random (the variable removed). Returns stdout.
  static func scan(_ root: URL, format: String, jobs: Int, hashing: String?) throws -> Data {
    try #require(FileManager.default.isExecutableFile(atPath: BuiltBinary.path), "build the package first")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BuiltBinary.path)
    process.arguments = [root.path, "--format", format, "--jobs", "\(jobs)", "--quiet"]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = hashing
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // A scan that hangs (a lost join in the parallel pass) fails this test in two minutes
    // instead of holding CI until its own limit.
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(format) --jobs \(jobs)")
    return data
  }

  @Test(arguments: ["json", "sarif", "markdown"])
  func outputIsTheSameInEveryProcessAndForEveryThreadCount(format: String) throws {
    let root = try Self.makeTree()
    defer { try? FileManager.default.removeItem(at: root) }
    let reference = try Self.scan(root, format: format, jobs: 1, hashing: "1")
    // Enough findings that the tree-wide pass runs on several threads and every join matters.
    if format == "json" {
      let object = try JSONSerialization.jsonObject(with: reference) as? [String: Any]
      let findings = try #require(object?["findings"] as? [Any])
      #expect(findings.count > 1_000)
    }
    let runs: [(jobs: Int, hashing: String?)] = [(2, nil), (8, "1"), (1, nil)]
    for run in runs {
      let output = try Self.scan(root, format: format, jobs: run.jobs, hashing: run.hashing)
      #expect(
        output == reference,
        "\(format) with --jobs \(run.jobs), \(run.hashing == nil ? "random" : "fixed") hash seed differs from --jobs 1")
    }
  }
}
