import Classify
import ScanModel
import Testing

/// What the `combine-api` detector says a declaration's written type does with publishers.
@Suite struct CombineAPIDetectorTests {
  let detectors = ["combine-api"]

  /// A function named for what it returns (`readPublisher`) takes no publisher by its name, and a
  /// type in a namespace of publishers (`DatabasePublishers.Read`, as GRDB writes them) is one.
  @Test func theDeclarationsNameIsNoTypeAndPublisherNamespacesCount() {
    let source = """
      import Combine
      extension DatabaseReader {
        public func readPublisher<Output>(
          receiveOn scheduler: some Combine.Scheduler = DispatchQueue.main,
          value: @escaping (Database) throws -> Output
        ) -> DatabasePublishers.Read<Output> { fatalError() }
        public func observe(_ upstream: AnyPublisher<Int, Never>) {}
        public func namePublisher() -> String { "" }
      }
      """
    var context = ClassifyContext(modules: ["Sources/Store/Reader.swift": "Store"])
    context.libraryModules = ["Store"]
    let findings = Support.findings([("Sources/Store/Reader.swift", source)], detectors: detectors, context: context)
    #expect(
      findings.map(\.message) == [
        "public API `DatabaseReader.readPublisher` returns a publisher: add an `async` alternative beside it",
        "public API `DatabaseReader.observe` takes a publisher: add an `async` alternative beside it",
      ])
  }

  /// API is found from its access words: `open` alone (no `public` in the file) is API too, and
  /// a file with neither declares none (the byte hint that skips such files must not skip these).
  @Test func openAloneDeclaresAPIAndNoAccessWordDeclaresNone() {
    let open = """
      import Combine
      open class Feed {
        open var updates: AnyPublisher<Int, Never> { Empty().eraseToAnyPublisher() }
      }
      """
    let closed = """
      import Combine
      class Feed {
        var updates: AnyPublisher<Int, Never> { Empty().eraseToAnyPublisher() }
      }
      """
    var context = ClassifyContext(modules: ["Sources/Store/Feed.swift": "Store"])
    context.libraryModules = ["Store"]
    let found = Support.findings([("Sources/Store/Feed.swift", open)], detectors: detectors, context: context)
    #expect(
      found.map(\.message) == ["public API `Feed.updates` returns a publisher: add an `async` alternative beside it"])
    let none = Support.findings([("Sources/Store/Feed.swift", closed)], detectors: detectors, context: context)
    #expect(none.isEmpty)
  }

  /// A library's public `Subscriber` consumes its clients' publishers, and a function of its
  /// `extension Publisher` is an operator whatever it returns (CombineExpectations' `Recorder`
  /// and `record()`): both stay for its clients, and its tests test them. An overload Combine
  /// spells too (CombineExt's `subscribe(_ relay:)`) is no operator of its own: a test's
  /// `.subscribe(subscriber)` is Combine's.
  @Test func aPublicSubscriberAndAnOperatorReturningItStayWithTheirTests() {
    let library = (
      "Sources/Expect/Recorder.swift",
      """
      import Combine
      public final class Recorder<Input, Failure: Error>: Subscriber {
        public func receive(_ input: Input) -> Subscribers.Demand { .unlimited }
      }
      extension Publisher {
        public func record() -> Recorder<Output, Failure> { Recorder() }
        public func subscribe<R: Relay>(_ relay: R) -> AnyCancellable { relay.subscribe(self) }
      }
      """
    )
    let test = (
      "Tests/ExpectTests/RecorderTests.swift",
      """
      import Combine
      import Expect
      final class RecorderTests: XCTestCase {
        func testFailure() throws {
          let subject = PassthroughSubject<Int, TestError>()
          let recorder = subject.record()
          subject.send(completion: .failure(TestError()))
          _ = try wait(for: recorder.elements, timeout: 1)
        }
      }
      """
    )
    var context = ClassifyContext(modules: [library.0: "Expect", test.0: "ExpectTests"])
    context.libraryModules = ["Expect"]
    context.testModules = ["ExpectTests"]
    let findings = Support.findings([library, test], detectors: detectors + ["subject"], context: context)
    #expect(findings.map(\.category) == [.combineAPI, .combineAPI, .subject])
    #expect(findings.map(\.disposition) == [.keep, .keep, .keep])
    #expect(
      findings.first?.message
        == "custom `Subscriber`: `class Recorder: Subscriber` consumes what Combine publishers deliver")
  }

  /// A backport of the platform's own publisher API, obsoleted where the platform has it
  /// (CombineExt's `Optional.publisher`), is no API to add an `async` alternative to.
  @Test func aBackportObsoletedOnNewTargetsIsNoAPI() {
    let source = """
      import Combine
      public extension Optional {
        @available(iOS, obsoleted: 14.0)
        @available(macOS, obsoleted: 11.0)
        var publisher: Optional.Publisher { .init(self) }
        @available(iOS 13.0, *)
        var values: AnyPublisher<Wrapped, Never> { fatalError() }
      }
      """
    var context = ClassifyContext(modules: ["Sources/Ext/Optional.swift": "Ext"])
    context.libraryModules = ["Ext"]
    let findings = Support.findings([("Sources/Ext/Optional.swift", source)], detectors: detectors, context: context)
    #expect(findings.map(\.symbol) == ["Optional.values"])
  }

  /// A test file of a library's publisher API keeps its Combine code with the API: the subject
  /// it feeds the API through and the pipeline over its test subscriber name no API of their
  /// own, and were told to become an `AsyncStream` and a `for await` loop (GRDB's tests).
  @Test func aTestOfTheAPIKeepsItsSubjectsAndHarness() {
    let library = (
      "Sources/Store/Writer.swift",
      """
      import Combine
      extension Writer {
        public func writePublisher<T>(_ work: @escaping () -> T) -> AnyPublisher<T, Error> { fatalError() }
      }
      """
    )
    let test = (
      "Tests/StoreTests/WriterTests.swift",
      """
      import Combine
      import Store
      func testDeadlock(writer: Writer) {
        let scores = PassthroughSubject<Int, Error>()
        let publisher = scores.map { score in writer.writePublisher { score } }.switchToLatest().prefix(1)
        let recorder = publisher.record()
        scores.send(0)
        let harness = probe.subject.collect(2).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        let unrelated = NotificationCenter.default.publisher(for: .init("ping")).map(\\.name).sink { print($0) }
      }
      final class Probe: Subscriber {
        let subject = PassthroughSubject<Int, Error>()
      }
      """
    )
    var context = ClassifyContext(modules: [library.0: "Store", test.0: "StoreTests"])
    context.libraryModules = ["Store"]
    context.testModules = ["StoreTests"]
    let findings = Support.findings(
      [library, test], detectors: ["combine-api", "subject", "operator-pipeline"], context: context)
    let tests = findings.filter { $0.module == "StoreTests" }
    #expect(tests.map(\.range.start.line) == [4, 8, 9, 12])
    // A pipeline over a notification tests nothing of the library: it migrates.
    let notification = tests.filter { $0.range.start.line == 9 }
    #expect(notification.map(\.disposition) == [.migrate])
    let kept = tests.filter { $0.range.start.line != 9 }
    #expect(kept.map(\.category) == [.subject, .operatorPipeline, .subject])
    #expect(kept.allSatisfy { $0.disposition == .keep }, "\(kept.map(\.reasons))")
    // The test subscriber's own subject (line 12) has its consumer's verdict already.
    #expect(
      kept.dropLast().allSatisfy {
        $0.reasons.first?.hasPrefix(
          "in a file that tests `writePublisher` at Sources/Store/Writer.swift:3, public Combine API of library `Store`"
        )
          == true
      })
  }
}
