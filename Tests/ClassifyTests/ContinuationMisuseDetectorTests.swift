import Classify
import ScanModel
import SwiftLexer
import Testing

@Suite struct ContinuationMisuseDetectorTests {
  let detectors = ["continuation-resumed-twice", "continuation-never-resumed"]

  @Test func missingReturnResumesTwice() {
    let source = """
      func load() async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
          api.fetch { data, error in
            if let error { continuation.resume(throwing: error) }
            continuation.resume(returning: data ?? Data())
          }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.ruleID) == ["continuation-resumed-twice"])
    #expect(findings.first?.range.start == SourceLocation(line: 5, column: 7))
    #expect(findings.first?.disposition == .fixNow)
    #expect(findings.first?.phase == nil)
    #expect(findings.first?.symbol == "load")
  }

  @Test func typedParameterAndShorthandNames() {
    let source = """
      func a() async -> Int {
        await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in
          print("c")
          c.resume(returning: 1)
          c.resume(returning: 2)
        }
      }
      func b() async -> Int {
        await withCheckedContinuation { [weak self] cont in
          self?.pending = cont
          cont.resume(returning: 1)
          cont.resume(returning: 2)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    // `b` hands its continuation on: beyond a token scanner, so it stays quiet.
    #expect(findings.map(\.range.start.line) == [5])
    #expect(findings.map(\.symbol) == ["a"])
  }

  @Test func correctBranchesAreQuiet() {
    let source = """
      func load() async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
          api.fetch { result in
            switch result {
            case .success(let data): continuation.resume(returning: data)
            case .failure(let error): continuation.resume(throwing: error)
            }
          }
        }
      }
      func other() async -> Int {
        await withCheckedContinuation { c in
          if flag { c.resume(returning: 1); return }
          guard ready else { c.resume(returning: 0); return }
          if a { c.resume(returning: 2) } else { c.resume(returning: 3) }
        }
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  @Test func completionBranchWithoutResume() {
    let source = """
      import Combine
      final class Store {
        func first() async throws -> Int {
          try await withCheckedThrowingContinuation { continuation in
            cancellable = publisher.first().sink(receiveCompletion: { completion in
              if case .failure(let error) = completion { continuation.resume(throwing: error) }
            }, receiveValue: { value in
              continuation.resume(returning: value)
            })
          }
        }
        func second() async -> Int {
          await withUnsafeContinuation { continuation in
            cancellable = publisher.first().sink(receiveCompletion: { completion in
              switch completion {
              case .finished: break
              case .failure: continuation.resume(returning: 0)
              }
            }, receiveValue: { continuation.resume(returning: $0) })
          }
        }
        func third() {
          Task { [weak self] in
            _ = await withCheckedContinuation { continuation in
              self?.api.load { [weak self] value in
                guard let self else { return }
                continuation.resume(returning: self.transform(value))
              }
            }
          }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors + ["continuation-lost-with-self"])
    // The third leaves only when the weak `self` is gone (nothing holds it: the task's capture is
    // weak too): latent, its own rule.
    #expect(
      findings.map(\.ruleID) == [
        "continuation-never-resumed", "continuation-never-resumed", "continuation-lost-with-self",
      ])
    #expect(findings.map(\.range.start.line) == [6, 16, 26])
    #expect(findings.map(\.symbol) == ["Store.first", "Store.second", "Store.third"])
    #expect(
      findings.last?.reasons == [
        "line 26: `guard let self else { return }` leaves without resuming `continuation` when `self` is gone: if "
          + "`self` is deallocated before the callback, the caller waits for ever"
      ])
  }

  @Test func sinkWithoutFirstMayResumeTwice() {
    let source = """
      import Combine
      func value() async -> Int {
        await withCheckedContinuation { continuation in
          cancellable = subject.map { $0 * 2 }.sink { continuation.resume(returning: $0) }
        }
      }
      func once() async -> Int {
        await withCheckedContinuation { continuation in
          cancellable = subject.prefix(1).sink { continuation.resume(returning: $0) }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.ruleID) == ["continuation-resumed-twice"])
    #expect(findings.first?.range.start == SourceLocation(line: 4, column: 19))
    #expect(
      findings.first?.reasons.first?.hasPrefix(
        "line 4: `continuation.resume` runs for every value of this `sink`, which has no `first()`/`prefix(1)`")
        == true)
  }

  @Test func calleeThatCallsCompletionTwiceOnRetry() {
    let client = """
      final class Client {
        func load(attempt: Int = 0, completion: @escaping (Result<Data, Error>) -> Void) {
          session.fetch { result in
            if case .failure = result, attempt < 3 {
              completion(result)
              self.load(attempt: attempt + 1, completion: completion)
              return
            }
            completion(result)
          }
        }
        func save(_ data: Data, completion: @escaping (Error?) -> Void) {
          guard !data.isEmpty else { return }
          session.upload(data) { error in completion(error) }
        }
        func fine(completion: @escaping (Int) -> Void) {
          session.count { n in completion(n) }
        }
      }
      """
    let use = """
      extension Client {
        func load() async throws -> Data {
          try await withCheckedThrowingContinuation { continuation in
            load { result in continuation.resume(with: result) }
          }
        }
        func save(_ data: Data) async throws {
          try await withCheckedThrowingContinuation { continuation in
            self.save(data) { error in
              if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
          }
        }
        func fine() async -> Int {
          await withCheckedContinuation { continuation in fine { continuation.resume(returning: $0) } }
        }
      }
      """
    let findings = Support.findings(
      [("Sources/Net/Client.swift", client), ("Sources/Net/Client+Async.swift", use)], detectors: detectors)
    #expect(findings.map(\.ruleID) == ["continuation-resumed-twice", "continuation-never-resumed"])
    #expect(findings.map(\.range.start.line) == [4, 9])
    #expect(
      findings.first?.reasons == [
        "`load` calls its completion more than once on some path (Sources/Net/Client.swift:6: "
          + "`load(attempt: attempt + 1, completion: completion)`): the continuation is resumed twice"
      ])
    #expect(findings.last?.symbol == "Client.save")
  }

  @Test func overloadWithoutTheDefectKeepsTheCallQuiet() {
    let client = """
      final class A {
        func load(completion: @escaping (Int) -> Void) {
          guard ready else { return }
          fetch { completion($0) }
        }
      }
      final class B {
        func load(completion: @escaping (Int) -> Void) { fetch { completion($0) } }
      }
      """
    let use = """
      func value() async -> Int {
        await withCheckedContinuation { continuation in b.load { continuation.resume(returning: $0) } }
      }
      """
    let findings = Support.findings([("A.swift", client), ("Use.swift", use)], detectors: detectors)
    #expect(findings.isEmpty)
  }

  @Test func defectOnAnotherClosureParameterDoesNotCount() {
    let client = """
      final class Downloader {
        func download(_ url: URL, progress: @escaping (Double) -> Void, completion: @escaping (Data) -> Void) {
          progress(0)
          progress(1)
          session.get(url) { completion($0) }
        }
      }
      """
    let use = """
      extension Downloader {
        func data(_ url: URL) async -> Data {
          await withCheckedContinuation { continuation in
            download(url, progress: { _ in }) { continuation.resume(returning: $0) }
          }
        }
        func first(_ url: URL) async -> Double {
          await withCheckedContinuation { continuation in
            download(url, progress: { continuation.resume(returning: $0) }, completion: { _ in })
          }
        }
      }
      """
    let findings = Support.findings([("D.swift", client), ("D+Async.swift", use)], detectors: detectors)
    // Only the continuation resumed from `progress`, which runs twice, is flagged.
    #expect(findings.map(\.range.start.line) == [9])
    #expect(findings.map(\.ruleID) == ["continuation-resumed-twice"])
  }

  @Test func lookAlikesInCommentsAndStrings() {
    let source = """
      func f() async -> Int {
        // withCheckedContinuation { c in c.resume(returning: 1); c.resume(returning: 2) }
        let s = "withCheckedContinuation { c in c.resume(returning: 1); c.resume(returning: 2) }"
        return await withCheckedContinuation { c in c.resume(returning: s.count) }
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  /// The shape found in a real networking library: a cancelled request returns early and never
  /// calls the handler, while the enqueued branch hands the handler on (which is fine).
  /// A function whose completion is optional leaves early only when there is none to call
  /// (`guard let completionHandler else { return }`, Kingfisher's live-photo download): the
  /// continuation that passes one is resumed. A guard with a second condition may leave with the
  /// completion at hand, and still hangs the caller.
  @Test func leavingWhenTheOptionalCompletionIsNilIsNoHang() {
    let source = """
      final class Loader {
        func load(_ url: URL, completion: ((Result<Data, Error>) -> Void)? = nil) {
          fetch(url) { result in
            guard let completion else { return }
            completion(result)
          }
        }
        func decode(_ url: URL, completion: ((Result<Data, Error>) -> Void)? = nil) {
          fetch(url) { result in
            guard let completion, let value = try? result.get() else { return }
            completion(.success(value))
          }
        }
        func load(_ url: URL) async throws -> Data {
          try await withCheckedThrowingContinuation { continuation in
            load(url) { result in continuation.resume(with: result) }
          }
        }
        func decode(_ url: URL) async throws -> Data {
          try await withCheckedThrowingContinuation { continuation in
            decode(url) { result in continuation.resume(with: result) }
          }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.ruleID) == ["continuation-never-resumed"])
    #expect(findings.first?.reasons.first?.hasPrefix("`decode` returns on some path without calling") == true)
  }

  /// A callee whose first label is `for` (woocommerce's `invite(for:done:failed:)` mock) calls
  /// `done` or `failed` on every path; its `done:` closure was read as a loop body, so the
  /// resume was bound to `failed` and a false hang reported.
  @Test func aForLabelDoesNotMoveTheResumingClosure() {
    let source = """
      final class StubInviter {
        var error: Error?
        func invite(for email: String, done: @escaping () -> Void, failed: @escaping (Error) -> Void) {
          guard let error else { return done() }
          failed(error)
        }
        func invite(_ email: String) async throws {
          try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, Error>) in
            invite(for: email, done: { c.resume() }, failed: { c.resume(throwing: $0) })
          }
        }
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  /// A discarded `sink` (`_ = names.sink { … }`) is cancelled once the statement ends, after the
  /// one value a subject or a publisher handed in delivers while subscribing: no second resume
  /// (woocommerce). A sequence's publisher delivers all its values then, and still does.
  @Test func aDiscardedSinkOnACurrentValueResumesOnce() {
    let source = """
      import Combine
      final class Roster {
        let names = CurrentValueSubject<[String], Never>([])
        @Published var count = 0
        func firstName() async -> String? {
          await withCheckedContinuation { c in
            _ = names.sink { c.resume(returning: $0.first) }
          }
        }
        func current() async -> Int {
          await withCheckedContinuation { c in
            _ = $count.sink { c.resume(returning: $0) }
          }
        }
        func handed(_ readers: AnyPublisher<[String], Never>) async -> String? {
          await withCheckedContinuation { c in
            _ = readers.sink { c.resume(returning: $0.first) }
          }
        }
        func each() async -> Int {
          await withCheckedContinuation { c in
            _ = [1, 2].publisher.sink { c.resume(returning: $0) }
          }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.ruleID) == ["continuation-resumed-twice"])
    #expect(findings.first?.range.start.line == 22)
  }

  /// A completion-handler function over a `Future` passes on values and failures, and breaks on
  /// `.finished`: a `Future` finishes only after its value, so no path leaves without a call
  /// (woocommerce's `disconnect(onCompletion:)`, its `Future` declared in another module). Over
  /// a publisher that may finish empty, the same body still hangs its caller.
  @Test func aSinkOverAFutureThatBreaksOnFinishedIsNoHang() {
    let service = """
      import Combine
      protocol ReaderService {
        func disconnect() -> Future<Void, Error>
        func scan() -> AnyPublisher<Void, Error>
      }
      """
    func store(_ call: String) -> String {
      """
      import Combine
      final class ReaderStore {
        let service: ReaderService
        func \(call)(onCompletion: @escaping (Result<Void, Error>) -> Void) {
          service.\(call)().subscribe(Subscribers.Sink(
            receiveCompletion: { completion in
              switch completion {
              case .failure(let error): onCompletion(.failure(error))
              default: break
              }
            },
            receiveValue: { onCompletion(.success($0)) }))
        }
        func \(call)() async throws {
          try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, Error>) in
            \(call) { c.resume(with: $0) }
          }
        }
      }
      """
    }
    let future = Support.findings(
      [("Service.swift", service), ("Store.swift", store("disconnect"))], detectors: detectors)
    #expect(future.isEmpty)
    let any = Support.findings([("Service.swift", service), ("Store.swift", store("scan"))], detectors: detectors)
    #expect(any.map(\.ruleID) == ["continuation-never-resumed"])
  }

  @Test func earlyReturnBeforeTheHandlerIsNeverResumed() {
    let socket = """
      final class Request {
        func send(_ message: Message, queue: DispatchQueue = .main, completionHandler: @escaping (Result<Void, Error>) -> Void) {
          guard !(isCancelled || isFinished) else { return }
          guard let socket else {
            state.write { $0.enqueued.append((message, queue, completionHandler)) }
            return
          }
          socket.send(message) { error in queue.async { completionHandler(error.map { .failure($0) } ?? .success(())) } }
        }
      }
      """
    let use = """
      extension Request {
        func send(_ message: Message) async throws {
          try await withCheckedThrowingContinuation { continuation in
            send(message, queue: .main) { result in continuation.resume(with: result) }
          }
        }
      }
      """
    let findings = Support.findings([("Request.swift", socket), ("Request+Async.swift", use)], detectors: detectors)
    #expect(findings.map(\.ruleID) == ["continuation-never-resumed"])
    #expect(
      findings.first?.reasons == [
        "`send` returns on some path without calling its completion (Request.swift:3: "
          + "`guard !(isCancelled || isFinished) else { return }`), and a completion runs once: the continuation "
          + "is never resumed"
      ])
  }

  /// An image library's rate limiter: its `execute` takes the work as `@escaping Work` (an alias of
  /// a closure type) and keeps what its token bucket declines for later, while the bucket's own
  /// `execute` returns without running the work. The limiter's declaration is analysed too, and
  /// it hands the work on on every path, so the call is not a leak.
  @Test func aClosureParameterNamedByAnAliasIsAnalysed() {
    let limiter = """
      typealias Work = () -> Bool
      final class Limiter {
        private var bucket = Bucket()
        private var pending: [Work] = []
        func execute(_ work: @escaping Work) {
          if !pending.isEmpty || !bucket.execute(work) { pending.append(work) }
        }
      }
      private struct Bucket {
        var tokens = 1.0
        mutating func execute(_ work: () -> Bool) -> Bool {
          guard tokens >= 1.0 else { return false }
          _ = work()
          return true
        }
      }
      """
    let use = """
      func overflow(limiter: Limiter) async {
        await withUnsafeContinuation { continuation in
          limiter.execute {
            continuation.resume(returning: ())
            return true
          }
        }
      }
      """
    #expect(Support.findings([("Limiter.swift", limiter), ("Use.swift", use)], detectors: detectors).isEmpty)
  }
}

/// How often a closure runs decides what its paths mean (issue 14), and nesting stays linear.
@Suite struct ContinuationFrequencyTests {
  let detectors = ["continuation-resumed-twice", "continuation-never-resumed", "continuation-lost-with-self"]

  @Test func reasonsNameTheLineTheStatementAndHowOftenTheClosureRuns() {
    let source = """
      func load(_ api: API) async -> Int {
        await withCheckedContinuation { continuation in
          api.fetch { value in
            guard ready else { return }
            continuation.resume(returning: value)
          }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(
      findings.map(\.reasons) == [
        [
          "line 4: `guard ready else { return }` leaves without resuming `continuation`, and this closure runs "
            + "once: the awaiting task hangs for ever"
        ]
      ])
    #expect(findings.first?.disposition == .fixNow)
  }

  @Test func latentWeakSelfIsAWarningOutsideFixNow() {
    let source = """
      func load(_ api: API) async -> Int {
        await withCheckedContinuation { continuation in
          api.fetch { [weak self] value in
            guard let self = self else { return }
            continuation.resume(returning: self.scale(value))
          }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.ruleID) == ["continuation-lost-with-self"])
    #expect(findings.first?.disposition == .keep)
  }

  @Test func repeatedCallbacksThatWaitAreQuiet() {
    let source = """
      import Combine
      final class W {
        @Published var ready = false
        func a() async {
          await withCheckedContinuation { continuation in
            cancellable = $ready.sink { isReady in
              guard isReady else { return }
              self.cancellable?.cancel()
              continuation.resume()
            }
          }
        }
        func b(_ connection: Connection) async throws {
          try await withCheckedThrowingContinuation { continuation in
            let completed = Lock(false)
            let markCompleted: () -> Bool = { completed.swap(true) == false }
            connection.stateUpdateHandler = { state in
              switch state {
              case .ready:
                guard markCompleted() else { return }
                continuation.resume()
              default:
                break
              }
            }
          }
        }
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  /// Each nested continuation is analysed once, without the ones inside it: twice the depth is
  /// at most twice the work (plus slack), where re-reading every inner level was quadratic.
  @Test func nestedContinuationsCostLinearWork() {
    func steps(depth: Int) -> Int {
      // One name per level: a shadowed name (`c` at every level) used to end the old scan early.
      var source = "func f() async {\n"
      for level in 0..<depth { source += "await withCheckedContinuation { c\(level) in Task {\n" }
      for level in (0..<depth).reversed() { source += "c\(level).resume() } }\n" }
      source += "}\n"
      let file = FileContext(path: "F.swift", stream: Lexer.tokenize(Array(source.utf8)))
      var output = DetectorOutput()
      let detector = Detectors.all["continuation-resumed-twice"]!
      detector.detect(in: file, enabled: Set(detector.names), into: &output)
      return output.steps
    }
    let small = steps(depth: 200)
    let large = steps(depth: 400)
    #expect(small > 0)
    #expect(large <= 2 * small + 100)
  }
}
