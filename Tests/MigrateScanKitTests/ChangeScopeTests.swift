import Foundation
import MigrateScanKit
import Testing

/// A change check analyses only the files its change can affect. These tests hold it to its
/// promise: whatever the change, the answer is the one a whole-tree analysis gives.
@Suite struct ChangeScopeTests {
  /// A change, the tree it lands on, and what `check --staged` must answer.
  struct Scenario: Sendable, CustomTestStringConvertible {
    var name: String
    var committed: [String: String]
    var staged: [String: String]
    var failOn: [String] = []
    var expected: ExitCode
    /// Text the output must hold (a finding in a file the change did not touch, say).
    var mentions: String?

    var testDescription: String { name }
  }

  static let service = GateTests.service
  static let caller = """
    import Combine

    final class Caller {
      func load() async throws -> Int { 1 }
      func publisher() -> Future<Int, Error> {
        Future { try await self.load() }
      }
    }

    """
  static let client = """
    final class Client {
      var cancelled = false
      func fetch(completion: @escaping (Int) -> Void) {
        completion(1)
      }
    }

    """
  static let bridge = """
    final class Bridge {
      let client = Client()
      func value() async -> Int {
        await withCheckedContinuation { continuation in
          client.fetch { value in continuation.resume(returning: value) }
        }
      }
    }

    """
  static let plain = "func add(_ a: Int, _ b: Int) -> Int { a + b }\n"
  static let makeFuture = """
    import Combine

    func makeFuture<T>(_ operation: @escaping @Sendable () async throws -> T) -> Future<T, Error> {
      Future { promise in
        Task {
          do { promise(.success(try await operation())) } catch { promise(.failure(error)) }
        }
      }
    }

    """

  /// An initialiser helper whose first parameter has a default, so a trailing closure binds.
  static let priorityHelper = """
    import Combine

    extension Future where Failure == Error {
      convenience init(priority: TaskPriority? = nil, operation: @escaping () async throws -> Output) {
        self.init { promise in
          Task(priority: priority) {
            do { promise(.success(try await operation())) } catch { promise(.failure(error)) }
          }
        }
      }
    }

    """
  static let twoModules = """
    // swift-tools-version: 6.0
    import PackageDescription
    let package = Package(name: "Mono", targets: [.target(name: "Vendor"), .target(name: "App")])

    """

  static let scenarios: [Scenario] = [
    Scenario(
      name: "a new wrapper in a changed file", committed: ["Sources/Service.swift": service("")],
      staged: ["Sources/Service.swift": service(GateTests.wrapper)], expected: .policyFailure),
    Scenario(
      name: "a new call of a helper declared in an untouched file",
      committed: ["Sources/Future+Async.swift": GateTests.helper, "Sources/Service.swift": service("")],
      staged: [
        "Sources/Service.swift": service("  func p() -> Future<Int, Error> { Future { try await self.load() } }\n")
      ],
      expected: .policyFailure, mentions: "Sources/Service.swift:5:"),
    Scenario(
      name: "a new call of a Future-making function declared in an untouched file",
      committed: ["Sources/Helpers.swift": makeFuture, "Sources/Service.swift": service("")],
      staged: [
        "Sources/Service.swift": service("  func p() -> Future<Int, Error> { makeFuture { try await self.load() } }\n")
      ],
      expected: .policyFailure, mentions: "Sources/Service.swift:5:"),
    Scenario(
      name: "a helper that turns untouched calls into wrappers",
      committed: ["Sources/Caller.swift": caller, "Sources/Plain.swift": plain],
      staged: ["Sources/Future+Async.swift": GateTests.helper], expected: .policyFailure,
      mentions: "Sources/Caller.swift:6:"),
    Scenario(
      name: "a callee that stops calling its completion",
      committed: ["Sources/Client.swift": client, "Sources/Bridge.swift": bridge, "Sources/Plain.swift": plain],
      staged: [
        "Sources/Client.swift": client.replacingOccurrences(
          of: "    completion(1)", with: "    if cancelled { return }\n    completion(1)")
      ],
      failOn: ["--fail-on", "continuation-never-resumed"], expected: .policyFailure,
      mentions: "Sources/Bridge.swift:5:"),
    Scenario(
      name: "a type named like Combine's, declared in an untouched file",
      committed: [
        "Sources/Just.swift": "struct Just { init(_ value: Int) {} }\n", "Sources/Service.swift": service(""),
      ],
      staged: ["Sources/Service.swift": service("  func one() -> Just { Just(1) }\n")],
      failOn: ["--fail-on", "one-shot-just"], expected: .success),
    Scenario(
      name: "the change declares its own Future",
      committed: ["Sources/Service.swift": service(GateTests.wrapper)],
      staged: ["Sources/Future.swift": "struct Future<Output, Failure> {}\n"], failOn: ["--fail-on", "note"],
      expected: .success),
    Scenario(
      name: "an @_exported import makes an untouched Future Combine's",
      committed: [
        "Sources/Exports.swift": "import Foundation\n",
        "Sources/Service.swift": service(GateTests.wrapper).replacingOccurrences(of: "import Combine", with: ""),
      ],
      staged: ["Sources/Exports.swift": "@_exported import Combine\n"], expected: .policyFailure,
      mentions: "Sources/Service.swift:"),
    Scenario(
      name: "a default that lets untouched trailing-closure calls bind to a helper",
      committed: [
        "Sources/Caller.swift": caller,
        "Sources/Future+Async.swift": priorityHelper.replacingOccurrences(of: " = nil", with: ""),
      ],
      staged: ["Sources/Future+Async.swift": priorityHelper], expected: .policyFailure,
      mentions: "Sources/Caller.swift:6:"),
    Scenario(
      name: "a new wrapper in a module that cannot see another module's Future",
      committed: [
        "Package.swift": twoModules, "Sources/Vendor/Future.swift": "public final class Future<Value> {}\n",
        "Sources/App/Service.swift": service(""),
      ],
      staged: ["Sources/App/Service.swift": service(GateTests.wrapper)], expected: .policyFailure,
      mentions: "Sources/App/Service.swift:6:"),
    Scenario(
      name: "an edit far from any Combine",
      committed: ["Sources/Service.swift": service(GateTests.wrapper), "Sources/Plain.swift": plain],
      staged: ["Sources/Plain.swift": plain + "func sub(_ a: Int, _ b: Int) -> Int { a - b }\n"], expected: .success),
  ]

  @Test(arguments: scenarios)
  func scopedCheckAnswersAsTheWholeTreeDoes(_ scenario: Scenario) throws {
    let repository = try TemporaryRepository()
    defer { repository.remove() }
    for (path, text) in scenario.committed { try repository.write(path, text) }
    try repository.commitAll()
    for (path, text) in scenario.staged { try repository.write(path, text) }
    try repository.stageAll()
    let scoped = CLIRun(["check", "--staged", "--quiet", repository.path] + scenario.failOn)
    let whole = CLIRun(["check", "--staged", "--quiet", "--whole-tree", repository.path] + scenario.failOn)
    #expect(scoped.status == scenario.expected, "\(scoped.stdout)\(scoped.stderr)")
    #expect(scoped.status == whole.status)
    #expect(scoped.stdout == whole.stdout)
    if let mentions = scenario.mentions { #expect(scoped.stdout.contains(mentions), "\(scoped.stdout)") }
  }

  static func analyze(_ path: String, _ text: String) throws -> FileAnalysis {
    let catalog = try ScanSession.loadCatalog(invocation: Invocation(), configuration: Configuration())
    return Scanner(catalog: catalog).analyze(path: path, bytes: Array(text.utf8))
  }

  @Test func aWrapperNeedsOnlyFilesThatMayDeclareFuture() throws {
    let before = try Self.analyze("S.swift", Self.service(""))
    let after = try Self.analyze("S.swift", Self.service(GateTests.wrapper))
    let scope = ChangeScope(before: [before], after: [after])
    #expect(scope.wholeTreeReason == nil)
    #expect(scope.needs(Array("struct Future {}".utf8)))
    #expect(!scope.needs(Array("func add(_ a: Int) -> Int { a } // FutureValue".utf8)))
    #expect(!scope.needs(Array(Self.plain.utf8)))
    #expect(!scope.needs(Array(Self.service(GateTests.wrapper).utf8)), "using Combine's Future decides nothing")
    #expect(scope.needs(Array("@_exported import Combine".utf8)))
  }

  @Test func aPublishersDeclaredTypeDecidesTheFlatMapsThatMayCallIt() throws {
    // `search` starts failing: a `flatMap` over it elsewhere may now be a silent failure.
    let api = "import Combine\nfinal class API {\n  func search() -> AnyPublisher<[Int], %@> { fatalError() }\n}\n"
    let before = try Self.analyze("API.swift", api.replacingOccurrences(of: "%@", with: "Never"))
    let after = try Self.analyze("API.swift", api.replacingOccurrences(of: "%@", with: "Error"))
    let scope = ChangeScope(before: [before], after: [after])
    #expect(scope.needs(Array("$q.flatMap { api.search() }.replaceError(with: []).assign(to: &$r)".utf8)))
    #expect(!scope.needs(Array("let x = api.search()".utf8)))
    // The same type, written again: nothing to decide.
    #expect(!ChangeScope(before: [before], after: [before]).needs(Array("$q.flatMap { api.search() }".utf8)))
  }

  @Test func aManifestOrAnExportMovesTheWholeTree() throws {
    let manifest = try Self.analyze("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\n")
    #expect(ChangeScope(before: [], after: [manifest]).wholeTreeReason != nil)
    let before = try Self.analyze("E.swift", "import Foundation\n")
    let after = try Self.analyze("E.swift", "@_exported import Combine\n")
    #expect(ChangeScope(before: [before], after: [after]).wholeTreeReason != nil)
    #expect(ChangeScope(before: [before], after: [before]).wholeTreeReason == nil)
  }

  @Test func wordSearchFindsWholeWordsOnly() {
    let search = WordSearch(used: ["Future", "load"])
    #expect(search.occurs(in: Array("let f = Future { }".utf8)))
    #expect(search.occurs(in: Array("`Future`".utf8)))
    #expect(search.occurs(in: Array("Combine.Future<Int, Never>".utf8)))
    #expect(search.occurs(in: Array("x.load()".utf8)))
    #expect(search.occurs(in: Array("Future".utf8)), "a word at the very end")
    #expect(!search.occurs(in: Array("FutureValue reload loader _Future".utf8)))
    #expect(!search.occurs(in: []))
    // A byte of 0x80 or above ends a run: it may find more, never less.
    #expect(search.occurs(in: Array("éFuture".utf8)))
    #expect(!WordSearch(used: [String]()).occurs(in: Array("Future".utf8)))
  }

  @Test(arguments: [
    "struct Future<Output, Failure> {}", "final class Future {}", "typealias Future = Promise",
    "extension Future where Failure == Error {", "extension Combine.Future {", "enum `Future` {}",
    "func load(completion: () -> Void)", "public\nstruct\n  Future {}", "protocol /* doc */ Future {}",
  ])
  func declaredWordsCountWhereADeclarationNamesThem(_ text: String) {
    let search = WordSearch(used: [String](), declared: ["Future", "load"])
    #expect(search.occurs(in: Array(text.utf8)))
  }

  @Test(arguments: [
    "let f = Future { promise in }", "func make() -> Future<Int, Never> {", "x.load()", "var load = 1",
    "class Loader: Future {}", "struct S { let future: Future<Int, Never> }",
  ])
  func declaredWordsDoNotCountWhereOnlyUsed(_ text: String) {
    let search = WordSearch(used: [String](), declared: ["Future", "load"])
    #expect(!search.occurs(in: Array(text.utf8)))
  }
}
