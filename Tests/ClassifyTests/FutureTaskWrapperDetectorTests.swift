import Classify
import ScanModel
import Testing

@Suite struct FutureTaskWrapperDetectorTests {
  let detectors = ["future-task-wrapper"]

  @Test func trailingClosureWithTask() {
    let source = """
      import Combine
      final class Loader {
        func load() -> AnyPublisher<Data, Error> {
          Future { promise in
            Task { promise(.success(try await self.fetch())) }
          }.eraseToAnyPublisher()
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.count == 1)
    let finding = findings[0]
    #expect(finding.ruleID == "future-task-wrapper")
    #expect(finding.category == .futureTaskWrapper)
    #expect(finding.disposition == .migrate)
    #expect(finding.phase == .oneShot)
    #expect(finding.symbol == "Loader.load")
    #expect(finding.range.start == SourceLocation(line: 4, column: 5))
    #expect(finding.range.end.line == 6)
    #expect(finding.range.end.column == 6)
    #expect(
      finding.reasons == [
        "cancelling the publisher does not cancel the `Task` started at line 5",
        "not inside `Deferred`: the `Future` runs at creation, and `retry` after it does nothing",
      ])
  }

  @Test func everySpelling() {
    let source = """
      import Combine
      protocol Service {}
      extension Service {
        func a() -> Future<Int, Never> { Future<Int, Never> { promise in Task.detached { promise(.success(1)) } } }
        func b() -> Future<Int, Error> { Future<Int, Error>({ promise in Task(priority: .high) { } }) }
        func c(ids: AnyPublisher<Int, Never>) -> AnyPublisher<Int, Error> {
          ids.setFailureType(to: Error.self).flatMap { id in
            Future { promise in Task { promise(.success(id)) } }
          }.eraseToAnyPublisher()
        }
        func d() -> AnyPublisher<Int, Never> {
          Deferred { Future<Int, Never>.init { promise in Task { promise(.success(2)) } } }.eraseToAnyPublisher()
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.range.start.line) == [4, 5, 8, 12])
    #expect(findings.map(\.symbol) == ["Service.a", "Service.b", "Service.c", "Service.d"])
    // Inside `Deferred` the eager-creation note does not apply.
    #expect(findings[3].reasons.count == 1)
    #expect(findings[2].reasons.count == 2)
  }

  @Test func ignoresTaskOutsideTheClosureCommentsAndStrings() {
    let source = """
      import Combine
      func load() -> Future<Int, Never> {
        // Future { promise in Task { } } in a comment
        let text = "Future { promise in Task { } }"
        Task { await refresh() }
        return Future { promise in legacy { promise(.success($0)) } }
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  @Test func projectOwnFutureIsNotCombine() {
    let files = [
      (
        "Sources/App/Future.swift",
        "struct Future<T> { init(_ body: (@escaping (T) -> Void) -> Void) {} }"
      ),
      (
        "Sources/App/Use.swift",
        "import Combine\nfunc f() { _ = Future<Int> { promise in Task { promise(1) } } }"
      ),
    ]
    #expect(Support.findings(files, detectors: detectors).isEmpty)
  }

  @Test func fileWithoutCombineImportIsNotCombine() {
    let source = "import Foundation\nfunc f() { _ = Future { promise in Task { promise(1) } } }"
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  @Test func indirectWrapperAcrossFiles() {
    let helper = """
      import Combine
      extension Future where Failure == Error {
        convenience init(operation: @escaping () async throws -> Output) {
          self.init { promise in
            Task {
              do { promise(.success(try await operation())) } catch { promise(.failure(error)) }
            }
          }
        }
      }
      """
    let use = """
      import Combine
      struct Client {
        func user() -> Future<User, Error> { Future { try await api.user() } }
        func team() -> Future<Team, Error> { Future(operation: { try await api.team() }) }
        func plain() -> Future<Int, Never> { Future { promise in promise(.success(1)) } }
      }
      """
    let findings = Support.findings(
      [("Sources/App/Future+Async.swift", helper), ("Sources/App/Client.swift", use)],
      detectors: detectors + ["bridge-helper"])
    let wrappers = findings.filter { $0.ruleID == "future-task-wrapper" }
    #expect(
      wrappers.map(\.file) == [
        "Sources/App/Client.swift", "Sources/App/Client.swift", "Sources/App/Future+Async.swift",
      ])
    #expect(wrappers.map(\.range.start.line) == [3, 4, 4])
    #expect(wrappers[0].reasons.first?.hasPrefix("calls `Future.init` (Sources/App/Future+Async.swift:3)") == true)
    #expect(wrappers[0].reasons.last?.hasPrefix("not inside `Deferred`") == true)
    let helpers = findings.filter { $0.ruleID == "bridge-helper" }
    #expect(helpers.count == 1)
    #expect(helpers.first?.phase == .prepare)
    #expect(helpers.first?.reasons.last == "used in the tree (2 uses): keep it as the one bridge until callers move")
    #expect(helpers.first?.symbol == "Future.init")
  }

  @Test func indirectCallWithoutHelperIsDropped() {
    let use = "import Combine\nfunc f() -> Future<Int, Error> { Future(operation: { try await g() }) }"
    #expect(Support.findings(use, detectors: detectors).isEmpty)
  }

  @Test func functionHelperAndItsCallSites() {
    let helper = """
      import Combine
      func makeFuture<T>(_ work: @escaping () async throws -> T) -> Future<T, Error> {
        Future { promise in Task { do { promise(.success(try await work())) } catch { promise(.failure(error)) } } }
      }
      """
    let use = """
      import Combine
      final class Feed {
        func items() -> Future<[Item], Error> { makeFuture { try await api.items() } }
        func other() async { await withTaskGroup(of: Void.self) { group in await group.waitForAll() } }
      }
      """
    let findings = Support.findings(
      [("Sources/App/Helpers.swift", helper), ("Sources/App/Feed.swift", use)], detectors: detectors)
    #expect(findings.map(\.file) == ["Sources/App/Feed.swift", "Sources/App/Helpers.swift"])
    #expect(findings.map(\.symbol) == ["Feed.items", "makeFuture"])
  }

  @Test func parenthesisedCallsAndConvenienceInit() {
    let source = """
      import Combine
      final class Box: Subscriber {
        convenience init(api: API) {
          self.init(publisher: Future<Int, Error>() { promise in Task { promise(.success(try await api.n())) } })
        }
        func other() -> Future<Int, Never> { Future(){ promise in Task { promise(.success(1)) } } }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.symbol) == ["Box.init", "Box.other"])
    #expect(findings.map(\.range.start.column) == [26, 40])
  }

  @Test func helperShapesAreReadFromTheirDeclarations() {
    let helper = """
      import Combine
      extension Future where Failure == Error {
        public convenience init(
          priority: TaskPriority? = nil, operation: sending @escaping @isolated(any) () async throws -> Output
        ) {
          self.init { promise in Task(priority: priority) { promise(.success(try await operation())) } }
        }
        static func detached(_ work: @escaping () async throws -> Output) -> Self {
          .init { promise in Task.detached { promise(.success(try await work())) } }
        }
      }
      """
    let facts = Support.classify(helper, detectors: ["bridge-helper"]).facts
    #expect(facts.helpers.map(\.kind) == [.futureInitialiser, .futureFactory])
    #expect(facts.helpers.map(\.name) == ["Future.init", "detached"])
    #expect(facts.helpers[0].labels == ["priority", "operation"])
    #expect(facts.helpers[0].defaulted == [true, false])
    #expect(facts.helpers[0].takesClosure == [false, true])
    #expect(facts.helpers[1].labels == ["_"])
  }

  @Test func factoryCallSitesNeedTheirFactory() {
    let helper = """
      import Combine
      extension Future where Failure == Error {
        static func detached(_ work: @escaping () async throws -> Output) -> Self {
          self.init { promise in Task.detached { promise(.success(try await work())) } }
        }
      }
      """
    let use = """
      import Combine
      func a() -> Future<Int, Error> { Future.detached { try await n() } }
      func b() -> Future<Int, Error> { Future.later { try await n() } }
      """
    let findings = Support.findings(
      [("Sources/App/Future+Detached.swift", helper), ("Sources/App/Use.swift", use)], detectors: detectors)
    #expect(findings.map(\.file) == ["Sources/App/Future+Detached.swift", "Sources/App/Use.swift"])
    #expect(findings.map(\.range.start.line) == [4, 2])
    #expect(
      findings.last?.reasons.first?.hasPrefix("calls `Future.detached` (Sources/App/Future+Detached.swift:3)") == true)
  }

  /// A `Future` another module declares hides Combine's only from files that can see it.
  @Test func anotherModulesFutureCountsOnlyWhereVisible() {
    let vendor = "public final class Future<Value> { public init(_ body: (@escaping (Value) -> Void) -> Void) {} }"
    let wrapper = "func f() { _ = Future<Int, Never> { promise in Task { promise(.success(1)) } } }"
    let vendored = "func g() { _ = Future<Int> { resolve in Task { resolve(1) } } }"
    let files = [
      ("Vendor/Future.swift", vendor),
      ("App/A.swift", "import Combine\n" + wrapper),
      ("Client/C.swift", "import Vendor\n" + wrapper),
      ("Mixed/M.swift", "import Combine\nimport Vendor\n" + wrapper + "\n" + vendored),
    ]
    let modules = [
      "Vendor/Future.swift": "Vendor", "App/A.swift": "App", "Client/C.swift": "Client", "Mixed/M.swift": "Mixed",
    ]
    let findings = Support.findings(files, detectors: detectors, context: ClassifyContext(modules: modules))
    #expect(findings.map(\.file) == ["App/A.swift", "Mixed/M.swift"])
    #expect(findings.map(\.range.start.line) == [2, 3])
  }

  /// A re-export makes the other `Future` visible too: `App` imports `Kit`, which re-exports `Vendor`.
  @Test func reExportedFutureIsVisible() {
    let files = [
      ("Vendor/Future.swift", "public final class Future<Value> {}"),
      ("Kit/Exports.swift", "@_exported import Vendor"),
      ("App/A.swift", "import Combine\nimport Kit\nfunc f() { _ = Future<Int> { resolve in Task { resolve(1) } } }"),
    ]
    let modules = ["Vendor/Future.swift": "Vendor", "Kit/Exports.swift": "Kit", "App/A.swift": "App"]
    #expect(Support.findings(files, detectors: detectors, context: ClassifyContext(modules: modules)).isEmpty)
  }

  /// A helper extending another module's `Future` is that `Future`'s: its call sites are not wrappers.
  @Test func helperOnAVendoredFutureIsNotCombines() {
    let vendor = """
      import Combine
      public final class Future<Value> {}
      extension Future {
        convenience init(operation: @escaping () async -> Value) {
          self.init { promise in Task { promise(.success(await operation())) } }
        }
      }
      """
    let use = "import Combine\nimport Vendor\nfunc f() -> Future<Int> { Future { await n() } }"
    let modules = ["Vendor/Future.swift": "Vendor", "App/A.swift": "App"]
    let findings = Support.findings(
      [("Vendor/Future.swift", vendor), ("App/A.swift", use)], detectors: detectors,
      context: ClassifyContext(modules: modules))
    #expect(findings.isEmpty)
  }

  /// 19.9: nested `Future { promise in Task { … } }` cost n² when each level's match text held
  /// every level inside it (10,000 levels: 8 s and 1.5 GB). Doubling the depth must at most
  /// double the text the findings keep, which is the work they carry on to the global pass.
  @Test func nestedFuturesAreLinear() {
    func kept(depth: Int) -> (findings: Int, bytes: Int) {
      var source = "import Combine\nfunc deep() -> Future<Int, Never> {\n"
      source += String(repeating: "Future { promise in Task {\n", count: depth)
      source += "promise(.success(1))\n" + String(repeating: "} }\n", count: depth) + "}\n"
      let candidates = Support.classify(source, detectors: detectors).candidates
      return (candidates.count, candidates.reduce(0) { $0 + $1.matchText.utf8.count })
    }
    let small = kept(depth: 500)
    let large = kept(depth: 1_000)
    #expect(small.findings == 500)
    #expect(large.findings == 1_000)
    #expect(large.bytes <= 2 * small.bytes + 1_000, "\(small.bytes) → \(large.bytes)")
  }
}
