import Classify
import ScanModel
import Testing

@Suite struct SilentFailureDetectorTests {
  let detectors = ["silent-failure"]

  @Test func ignoredCompletionOnEndlessFailingSource() {
    let source = """
      import Combine
      final class Feed {
        func bind() {
          $query
            .tryMap { try parse($0) }
            .sink(receiveCompletion: { _ in }, receiveValue: { self.items = $0 })
            .store(in: &bag)
          events.decode(type: Item.self, decoder: JSONDecoder()).sink { _ in } receiveValue: { print($0) }.store(in: &bag)
        }
        let events = PassthroughSubject<Data, Never>()
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.range.start.line) == [4, 8])
    #expect(findings.map(\.disposition) == [.fixNow, .fixNow])
    #expect(findings[0].reasons[0].contains(": the completion is ignored, and `tryMap` can fail"))
  }

  @Test func topLevelReplaceErrorOnEndlessSource() {
    let source = """
      import Combine
      final class API { func load() -> AnyPublisher<[Int], Error> { Fail(error: URLError(.badURL)).eraseToAnyPublisher() } }
      func bind(api: API) {
        NotificationCenter.default.publisher(for: .changed).flatMap { _ in api.load() }.replaceError(with: []).sink { items = $0 }.store(in: &bag)
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.count == 1)
    #expect(findings.first?.reasons.first?.contains(": `replaceError` at the top level of an endless source") == true)
    // The declaration that makes the inner publisher fail, and how it was found.
    #expect(
      findings.first?.reasons.last
        == "line 4: the inner publisher `load` can fail: Sources/App/File.swift:2 declares it `AnyPublisher<[Int],Error>`, "
        + "failing with `Error` (declared by `API`)")
  }

  @Test func innerPublisherThatCannotFailOrIsUnknownIsQuiet() {
    let source = """
      import Combine
      final class API { func load() -> AnyPublisher<[Int], Never> { Just([]).eraseToAnyPublisher() } }
      func bind(api: API) {
        NotificationCenter.default.publisher(for: .changed).flatMap { _ in api.load() }.replaceError(with: []).sink { items = $0 }.store(in: &bag)
        NotificationCenter.default.publisher(for: .changed).flatMap { _ in other.fetch() }.replaceError(with: []).sink { items = $0 }.store(in: &bag)
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  @Test func handledOrOneShotIsQuiet() {
    let source = """
      import Combine
      func bind() {
        $query.map { $0.count }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
        api.load().tryMap { try parse($0) }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
        $query.tryMap { try parse($0) }.sink(receiveCompletion: { log($0) }, receiveValue: { print($0) }).store(in: &bag)
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }
}
