import Classify
import ScanModel
import Testing

@Suite struct ValuesBridgeDetectorTests {
  let detectors = ["values-bridge"]

  @Test func forAwaitOverEndlessSourceNotesIt() {
    let source = """
      import Combine
      @MainActor final class Watcher {
        let ticks = PassthroughSubject<Int, Never>()
        func run() async {
          for await value in model.$query.values { print(value) }
          for try await tick in ticks.values { print(tick) }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.count == 2)
    #expect(findings.map(\.disposition) == [.keep, .keep])
    #expect(findings.map(\.symbol) == ["Watcher.run", "Watcher.run"])
    #expect(findings[0].range.start == SourceLocation(line: 5, column: 5))
    #expect(
      findings[0].reasons == [
        "`model.$query` never finishes: the loop ends only when its task is cancelled; keep the `Task` and cancel it"
      ])
    #expect(findings[1].reasons.count == 2)
    #expect(findings[1].reasons[1].hasPrefix("a `PassthroughSubject` drops values"))
  }

  @Test func awaitedFirstWhere() {
    let source = """
      import Combine
      func waitReady() async {
        _ = await store.$state.values.first(where: { $0 == .ready })
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.count == 1)
    #expect(findings[0].range.start == SourceLocation(line: 3, column: 13))
    #expect(findings[0].range.end.line == 3)
  }

  @Test func dictionaryValuesIsNotABridge() {
    let source = """
      import Combine
      func total() -> Int {
        for price in prices.values { sum += price }
        return cache.values.reduce(0, +)
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  /// `Publisher.values` is a property: a `values(in:)` call is some other type's method (GRDB's
  /// `ValueObservation.values(in:)` is its own `AsyncSequence`), and needs no iOS 15 gate. An
  /// `await` before a chain that ends in `.values` awaited a call in it, not the publisher.
  @Test func aValuesCallIsNotPublisherValues() {
    let source = """
      import Combine
      func counts() async throws {
        for try await count in observation.handleEvents(didCancel: {}).values(in: writer) { print(count) }
        for await value in subject.values { print(value) }
        state = .loaded(tags: await assistant.generateTags(from: text).values)
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.range.start.line) == [4])
  }
}
