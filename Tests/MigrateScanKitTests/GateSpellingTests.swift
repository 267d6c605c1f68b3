import Foundation
import MigrateScanKit
import Testing

/// The gate catches every spelling of a wrapper: each one, newly staged beside helpers that were
/// already committed, fails `check --staged`; the same file without it passes.
@Suite struct GateSpellingTests {
  /// Helpers committed before the change: initialisers with several parameters, an unlabelled
  /// one beside an isolation parameter, a static factory and a free function.
  static let helpers = """
    import Combine

    extension Future where Failure == Error {
      convenience init(priority: TaskPriority? = nil, operation: @escaping @Sendable () async throws -> Output) {
        self.init { promise in
          Task(priority: priority) {
            do { promise(.success(try await operation())) } catch { promise(.failure(error)) }
          }
        }
      }

      static func detached(_ work: @escaping @Sendable () async throws -> Output) -> Self {
        self.init { promise in
          Task.detached {
            do { promise(.success(try await work())) } catch { promise(.failure(error)) }
          }
        }
      }
    }

    extension Future where Failure == Never {
      convenience init(isolation: isolated (any Actor)? = #isolation, _ operation: @escaping () async -> Output) {
        self.init { promise in Task { promise(.success(await operation())) } }
      }
    }

    func makeFuture<T>(_ work: @escaping () async throws -> T) -> Future<T, Error> {
      Future { promise in Task { do { promise(.success(try await work())) } catch { promise(.failure(error)) } } }
    }

    """

  static let header = """
    import Combine

    final class Client {
      func fetch() async throws -> Int { 1 }
    }

    final class Service {
      let client = Client()
      func load() async throws -> Int { 1 }
      func count() async -> Int { 1 }

    """

  /// Each new spelling: a method body added to `Service`.
  static let spellings: [(name: String, body: String)] = [
    ("trailing closure to a two-parameter initialiser", "Future { try await self.load() }"),
    ("labelled argument and trailing closure", "Future(priority: .high) { try await self.load() }"),
    ("unlabelled operation beside an isolation parameter", "Future({ await self.count() })"),
    ("@MainActor in closure", "Future { @MainActor in try await self.load() }"),
    ("static factory", "Future.detached { try await self.load() }"),
    ("function reference", "Future(operation: client.fetch)"),
    ("Task.immediate", "Future<Int, Never> { promise in Task.immediate { promise(.success(await self.count())) } }"),
    ("Task.detached", "Future<Int, Never> { promise in Task.detached { promise(.success(await self.count())) } }"),
    ("qualified Combine.Future", "Combine.Future<Int, Never> { promise in Task { promise(.success(1)) } }"),
    ("implicit .init", "return .init { promise in Task { promise(.success(await self.count())) } }"),
    (
      "closure built first",
      """
      let work: (@escaping Future<Int, Never>.Promise) -> Void = { promise in
            Task { promise(.success(await self.count())) }
          }
          return Future(work)
      """
    ),
    ("Future<…>.init(…)", "Future<Int, Error>.init(operation: { try await self.load() })"),
    ("free helper function", "makeFuture { try await self.load() }"),
  ]

  static func service(_ body: String?) -> String {
    var text = header
    if let body {
      // The declared type fits every spelling well enough for the scan; it is never compiled.
      text += "  func added() -> Future<Int, Never> {\n    \(body)\n  }\n"
    }
    return text + "}\n"
  }

  @Test(arguments: spellings.indices)
  func newlyStagedSpellingFails(_ index: Int) throws {
    let spelling = Self.spellings[index]
    let run = try GateTests.check(
      committed: ["Sources/Future+Async.swift": Self.helpers, "Sources/Service.swift": Self.service(nil)],
      staged: ["Sources/Service.swift": Self.service(spelling.body)])
    #expect(run.status == .policyFailure, "\(spelling.name): \(run.stdout)")
    #expect(run.stdout.contains("Sources/Service.swift:"), "\(spelling.name): \(run.stdout)")
    #expect(run.stdout.contains("[future-task-wrapper]"), "\(spelling.name)")
  }

  @Test func unchangedHelpersAndNearMissesPass() throws {
    let nearMisses = """
      Future.delayed { promise in promise(.success(1)) }
          _ = Future(value: 1)
          _ = Future(priority: .high)
          return Future { promise in promise(.success(Task.isCancelled ? 0 : 1)) }
      """
    let run = try GateTests.check(
      committed: ["Sources/Future+Async.swift": Self.helpers, "Sources/Service.swift": Self.service(nil)],
      staged: ["Sources/Service.swift": Self.service(nearMisses)])
    #expect(run.status == .success, "\(run.stdout)")
  }

  /// The monorepo case: another module declaring its own `Future` no longer hides Combine's from
  /// a module that imports Combine and not that one.
  @Test func wrapperInAnAppModuleFailsBesideAVendoredFuture() throws {
    let manifest = """
      // swift-tools-version: 6.0
      import PackageDescription
      let package = Package(name: "Mono", targets: [.target(name: "Vendor"), .target(name: "App")])

      """
    let vendor =
      "public final class Future<Value> {\n  public init(_ body: (@escaping (Value) -> Void) -> Void) {}\n}\n"
    let app = "import Combine\n\nfinal class Service {\n  func load() async throws -> Int { 1 }\n"
    let wrapper = """
        func publisher() -> Future<Int, Error> {
          Future { promise in
            Task { promise(.success(try await self.load())) }
          }
        }

      """
    let committed = [
      "Package.swift": manifest, "Sources/Vendor/Future.swift": vendor, "Sources/App/Service.swift": app + "}\n",
    ]
    let run = try GateTests.check(
      committed: committed, staged: ["Sources/App/Service.swift": app + wrapper + "}\n"])
    #expect(run.status == .policyFailure, "\(run.stdout)")
    #expect(run.stdout.contains("Sources/App/Service.swift:6:5"), "\(run.stdout)")
  }
}
