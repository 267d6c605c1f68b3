import Classify
import ScanModel
import Testing

@Suite struct SubjectDetectorTests {
  let detectors = ["subject"]

  @Test func singleSubscriberMigratesToAsyncStream() {
    let source = """
      import Combine
      final class Uploads {
        private let progress = PassthroughSubject<Double, Never>()
        func observe() {
          progress.sink { print($0) }.store(in: &bag)
        }
        func report(_ value: Double) { progress.send(value) }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.count == 1)
    let finding = findings[0]
    #expect(finding.disposition == .migrate)
    #expect(finding.phase == .viewModels)
    #expect(finding.symbol == "Uploads.progress")
    #expect(finding.range.start == SourceLocation(line: 3, column: 11))
    #expect(
      finding.reasons[0] == "one subscriber where it is declared (line 5): `AsyncStream.makeStream()` can replace it")
    #expect(finding.reasons[1] == "keep it single-consumer: an `AsyncStream` traps on a second consumer")
  }

  @Test func severalSubscribersKeep() {
    let source = """
      import Combine
      final class Session {
        let state: CurrentValueSubject<State, Never> = .init(.idle)
        func wire() {
          state.map(\\.isBusy).assign(to: \\.busy, on: spinner).store(in: &bag)
          self.state.sink { log($0) }.store(in: &bag)
          for await s in state.values { print(s) }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.count == 1)
    #expect(findings[0].disposition == .keep)
    #expect(findings[0].phase == nil)
    #expect(findings[0].reasons[0] == "3 subscribers where it is declared (lines 5, 6, 7)")
  }

  @Test func sendingFromAnotherSubscriptionIsNotSubscribing() {
    let source = """
      import Combine
      final class Relay {
        private let output = PassthroughSubject<Int, Never>()
        func wire() {
          input.map { $0 + 1 }.sink { [weak self] in self?.output.send($0) }.store(in: &bag)
          output.sink { print($0) }.store(in: &bag)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.migrate])
    #expect(
      findings.first?.reasons.first
        == "one subscriber where it is declared (line 6): `AsyncStream.makeStream()` can replace it"
    )
  }

  @Test func sharedSubjectKeeps() {
    let source = """
      import Combine
      final class Bus {
        let events = PassthroughSubject<Event, Never>()
        lazy var shared = events.share().sink { _ in }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(findings[0].reasons[0] == "1 subscriber where it is declared (lines 4), shared with `share()`/`multicast`")
  }

  @Test func lookAlikesDoNotCount() {
    let source = """
      import Combine
      // let events = PassthroughSubject<Event, Never>()
      let text = "let events = PassthroughSubject<Event, Never>()"
      let subject = MySubject()
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  @Test func localsWithTheSameNameInOtherMethodsAreOtherSubjects() {
    let source = """
      import Combine
      final class Tests {
        func a() {
          let subject = PassthroughSubject<Int, Never>()
          subject.sink { print($0) }.store(in: &bag)
        }
        func b() {
          let subject = PassthroughSubject<Int, Never>()
          subject.sink { print($0) }.store(in: &bag)
          subject.map { $0 }.sink { print($0) }.store(in: &bag)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.symbol) == ["Tests.a", "Tests.b"])
    #expect(findings.map(\.disposition) == [.migrate, .keep])
  }

  @Test func passedInAnArrayCounts() {
    let source = """
      import Combine
      func f() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        [a, b].combineLatest().sink { print($0) }.store(in: &bag)
        _ = Box(a: 1)
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(
      findings.map(\.reasons.first) == [
        "one subscriber where it is declared (line 5): `AsyncStream.makeStream()` can replace it",
        "one subscriber where it is declared (line 5): `AsyncStream.makeStream()` can replace it",
      ])
  }
}
