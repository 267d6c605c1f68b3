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
}
