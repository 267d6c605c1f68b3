import Classify
import ScanModel
import Testing

@Suite struct BridgeHelperDetectorTests {
  let detectors = ["bridge-helper"]

  @Test func helpersArePreparedWhileUsedAndCleanedUpWhenNot() {
    let helpers = """
      import Combine
      extension Publisher {
        var firstValue: Output {
          get async throws { try await values.first { _ in true }! }
        }
        func asyncMap<T>(_ transform: @escaping (Output) async -> T) -> AnyPublisher<T, Failure> { fatalError() }
        func plain() -> Self { self }
      }
      """
    let use = "import Combine\nfunc f() async throws { let v = try await pub.firstValue }"
    let findings = Support.findings(
      [("Sources/Kit/Bridges.swift", helpers), ("Sources/App/Use.swift", use)], detectors: detectors)
    #expect(findings.map(\.range.start.line) == [3, 6])
    #expect(findings.map(\.phase) == [.prepare, .cleanup])
    #expect(findings.map(\.disposition) == [.migrate, .migrate])
    #expect(findings[1].reasons.last == "nothing in the tree uses `asyncMap` any more: remove it")
  }

  @Test func functionWithATaskBesideAFutureIsNoHelper() {
    let source = """
      import Combine
      func run(_ work: @escaping () async -> Void) -> Future<Int, Never> {
        Task { await work() }
        return Future { promise in promise(.success(1)) }
      }
      func wrap<T>(_ work: @escaping () async throws -> T) -> Future<T, Error> {
        Future { promise in Task { promise(.success(try await work())) } }
      }
      """
    let findings = Support.findings(source, detectors: ["bridge-helper"])
    #expect(findings.map(\.symbol) == ["wrap"])
    #expect(findings.map(\.phase) == [.cleanup])
    #expect(findings.first?.range.start == SourceLocation(line: 6, column: 1))
    #expect(findings.first?.range.end == SourceLocation(line: 6, column: 73))
  }

  @Test func asyncFunctionNamedAsyncAndCommentedLookAlikes() {
    let source = """
      import Combine
      extension AnyPublisher {
        // func firstValue() async throws -> Output
        func async() async throws -> Output { try await values.first { _ in true }! }
      }
      extension Array {
        func asyncMap<T>(_ f: (Element) async -> T) async -> [T] { [] }
      }
      """
    let findings = Support.findings(source, detectors: ["bridge-helper"])
    #expect(findings.map(\.symbol) == ["AnyPublisher.async"])
    #expect(findings.map(\.range.start.line) == [4])
  }
}
