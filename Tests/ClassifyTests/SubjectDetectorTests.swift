import Classify
import Foundation
import ScanModel
import Testing

@Suite struct SubjectDetectorTests {
  let detectors = ["subject"]

  /// A consumer in a closure an initialiser stores (`stream: { subject.values… }`) is made again at
  /// each call: one consumer in the text, as many as there are callers at run time.
  @Test func aConsumerInAStoredClosureKeeps() {
    let source = """
      import Combine
      struct SettingsClient {
        var stream: () -> AsyncStream<Int>
        static var live: SettingsClient {
          let subject = PassthroughSubject<Int, Never>()
          return Self(
            stream: { subject.values.eraseToStream() }
          )
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first
        == "1 consumer: Sources/App/File.swift:7; the one at line 7 is in a closure or loop that runs more than once "
        + "(`Self(…)` stores its `stream:` closure, and every call of it subscribes again)")
  }

  /// A capture list names the subject without subscribing; a closure called where it is written
  /// (`lazy var x = { … }()`) runs once, so its consumer is just one.
  @Test func aCaptureIsNoConsumerAndAnImmediatelyCalledClosureRunsOnce() {
    let source = """
      import Combine
      final class Player {
        private let seeks = PassthroughSubject<Double, Never>()
        private let ticks = PassthroughSubject<Int, Never>()
        lazy var label: AnyCancellable = {
          ticks.sink { print($0) }
        }()
        func bind(_ mock: PlayerMock) {
          mock.seekHandler = { [seeks] progress in seeks.send(progress) }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.symbol) == ["Player.seeks", "Player.ticks"])
    #expect(findings.map(\.disposition) == [.migrate, .migrate])
    #expect(findings[0].reasons.first?.hasPrefix("no consumer found in the tree") == true)
    #expect(findings[1].reasons.first?.hasPrefix("one consumer: Sources/App/File.swift:6") == true)
  }

  /// Handed to another object's property (a mock's publisher), the subject is consumed wherever
  /// that property is: not countable here, so it is kept until checked.
  @Test func handedToAnotherObjectsPropertyKeeps() {
    let source = """
      import Combine
      final class ScreenTests {
        func testProgress() {
          let progress = CurrentValueSubject<Int, Never>(0)
          service.progressPublisher = progress.asCurrentValuePublisher()
          progress.send(1)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(findings.first?.reasons.first?.contains("re-exposed at line 5") == true)
  }

  /// A transform named like Combine's but called with other labels (`prefix(duration:on:)`) is a
  /// library's own operator, which an `AsyncStream` cannot feed; a subscription in a loop is made
  /// once a pass.
  @Test func anOwnOverloadKeepsAndALoopSubscribesEachPass() {
    let source = """
      import Combine
      final class PrefixTests {
        func testDuration() {
          let values = PassthroughSubject<Int, Never>()
          values.prefix(duration: 0.5, on: scheduler).sink { print($0) }.store(in: &bag)
        }
        func testPlainPrefix() {
          let plain = PassthroughSubject<Int, Never>()
          plain.prefix(2).sink { print($0) }.store(in: &bag)
        }
        func testOwnerships() {
          let source = PassthroughSubject<Int, Never>()
          for ownership in [Ownership.strong, .weak] {
            cancellable = source.map { $0 * 2 }.sink { print($0, ownership) }
          }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep, .migrate, .keep])
    #expect(findings[0].reasons.first?.contains("through an operator or call that takes a publisher") == true)
    #expect(
      findings[2].reasons.first?.hasSuffix("(a `for` loop runs it once a pass, and each pass subscribes again)") == true
    )
  }

  /// Names bound around a use are not the subject: a closure's parameter passed on, the error a
  /// `catch` binds, an `if let`, and any bare name in a `static func` (mastodon's attachment
  /// service and authentication view model).
  @Test func namesBoundAroundAUseAreNotTheSubject() {
    let source = """
      import Combine
      final class Attachments {
        let input = CurrentValueSubject<String, Never>("")
        let error = PassthroughSubject<Error, Never>()
        let file = CurrentValueSubject<URL?, Never>(nil)
        init() {
          input.map { input in parse(from: input) }.sink { print($0) }.store(in: &bag)
        }
        static func load(_ url: URL) -> Future<URL, Error> {
          Future { promise in
            do {
              let file = try copy(url)
              promise(.success(file))
            } catch {
              promise(.failure(error))
            }
          }
        }
        func check(_ value: URL?) {
          if let file = value { show(file) }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.symbol) == ["Attachments.input", "Attachments.error", "Attachments.file"])
    #expect(findings.map(\.disposition) == [.migrate, .migrate, .migrate])
    #expect(findings[0].reasons.first?.hasPrefix("one consumer: Sources/App/File.swift:7,") == true)
    #expect(findings[1].reasons.first?.hasPrefix("no consumer found in the tree") == true)
    #expect(findings[2].reasons.first?.hasPrefix("no consumer found in the tree") == true)
  }

  /// Mastodon: a call spelled like the subject (`api.servers(count:)`) is another member, and the
  /// subject passed to a function (`authenticate(pinCodePublisher: c.pinCodePublisher)`) goes
  /// where its consumers are not counted.
  @Test func aCallIsNoUseAndPassingToAFunctionKeeps() {
    let files = [
      (
        "Sources/App/Controller.swift",
        """
        import Combine
        final class Controller {
          let servers = CurrentValueSubject<[String], Never>([])
          let pinCodePublisher = PassthroughSubject<String, Never>()
        }
        """
      ),
      (
        "Sources/App/Login.swift",
        """
        import Combine
        final class Login {
          let controller: Controller
          func start() {
            api.servers(count: 10).sink { print($0) }.store(in: &bag)
            model.authenticate(info: info, pinCodePublisher: controller.pinCodePublisher)
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.symbol) == ["Controller.servers", "Controller.pinCodePublisher"])
    #expect(findings.map(\.disposition) == [.migrate, .keep])
    #expect(findings[0].reasons.first?.hasPrefix("no consumer found in the tree") == true)
    #expect(
      findings[1].reasons.first
        == "no consumer found; passed to a function at Sources/App/Login.swift:6, where its consumers cannot be counted"
    )
  }

  /// Element X's flow coordinators each make the child coordinator they subscribe to: two sites,
  /// two instances, one consumer each. A subscription of the type's own adds one to each.
  @Test func sitesOnInstancesMadeInDifferentPlacesAreNotSummed() {
    let child = (
      "Sources/App/Child.swift",
      """
      import Combine
      final class Child {
        private let actionsSubject = PassthroughSubject<Int, Never>()
        var actions: AnyPublisher<Int, Never> { actionsSubject.eraseToAnyPublisher() }
      }
      """
    )
    let flows = (
      "Sources/App/Flows.swift",
      """
      import Combine
      final class ChatsFlow {
        func start() {
          let child = Child()
          child.actions.sink { print($0) }.store(in: &bag)
        }
      }
      final class RoomFlow {
        func start() {
          let child = Child()
          child.actions.sink { print($0) }.store(in: &bag)
        }
      }
      """
    )
    let findings = Support.findings([child, flows], detectors: detectors)
    #expect(findings.map(\.disposition) == [.migrate])
    #expect(
      findings.first?.reasons.first
        == "one consumer per instance (with its re-exposure as `actions`): Sources/App/Flows.swift:5, "
        + "Sources/App/Flows.swift:11, each on an instance its code makes, so `AsyncStream.makeStream()` can replace it"
    )
  }

  /// clean-architecture-swiftui: each view makes its own `Inspection<Self>()` and one
  /// `.onReceive` subscribes to that instance's subject. The generic arguments hid the
  /// initialiser, so the five views were summed into "5 consumers: keep the broadcast".
  @Test func anInstanceMadeWithGenericArgumentsIsEachViewsOwn() {
    let probe = (
      "Sources/App/Probe.swift",
      """
      import Combine
      final class Probe<V> {
        let pings = PassthroughSubject<Int, Never>()
      }
      """
    )
    let views = (
      "Sources/App/Views.swift",
      """
      import SwiftUI
      struct ListScreen: View {
        let probe = Probe<Self>()
        var body: some View { Text("list").onReceive(probe.pings) { print($0) } }
      }
      struct DetailScreen: View {
        let probe = Probe<Self>()
        var body: some View { Text("detail").onReceive(probe.pings) { print($0) } }
      }
      """
    )
    let findings = Support.findings([probe, views], detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first
        == "one consumer per instance: Sources/App/Views.swift:4, Sources/App/Views.swift:8, each a view's "
        + "`.onReceive` on an instance its code makes, which takes a publisher and subscribes again whenever the view "
        + "is remade")
  }

  /// duckduckgo: `var player: PlayerControlling` is given in `init`; the walk over its written
  /// type ran on to the next line's `= Set<AnyCancellable>()` and took the player for one the
  /// type makes, so two holders' sites counted as one instance's.
  @Test func aPropertyWithoutValueIsNotMadeByTheNextLinesInitialiser() {
    let settings = (
      "Sources/App/Settings.swift",
      """
      import Combine
      final class Settings {
        private let changed = PassthroughSubject<Void, Never>()
        var changes: AnyPublisher<Void, Never> { changed.eraseToAnyPublisher() }
      }
      """
    )
    let scripts = (
      "Sources/App/Scripts.swift",
      """
      import Combine
      final class OverlayScript {
        var settings: Settings
        private var bag = Set<AnyCancellable>()
        init(settings: Settings) {
          self.settings = settings
          settings.changes.sink { print("overlay") }.store(in: &bag)
        }
      }
      final class PlayerScript {
        var settings: Settings
        private var bag = Set<AnyCancellable>()
        init(settings: Settings) {
          self.settings = settings
          settings.changes.sink { print("player") }.store(in: &bag)
        }
      }
      """
    )
    let findings = Support.findings([settings, scripts], detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(findings.first?.reasons.first?.hasPrefix("2 consumers (with its re-exposure as `changes`)") == true)
  }

  /// CombineExt's tests: a subject in an array passed to a combining call, and an optional
  /// subject shared with `share(replay:)` through `?.`, need a publisher.
  @Test func anArrayArgumentOfACombiningCallAndAnOptionalShareKeep() {
    let source = """
      import Combine
      final class ManyTests {
        func testCombine() {
          let first = PassthroughSubject<Int, Never>()
          let second = PassthroughSubject<Int, Never>()
          first.combineLatest(with: [second]).sink { print($0) }.store(in: &bag)
        }
        func testReplay() {
          var source: PassthroughSubject<Int, Never>? = PassthroughSubject<Int, Never>()
          var stream = source?.share(replay: 1)
          stream?.sink { print($0) }.store(in: &bag)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep, .keep, .keep])
  }

  /// ddg's mock player: the protocol requires the member to be a subject, so no conformer
  /// migrates on its own, however many consumers it has.
  @Test func aSubjectAProtocolRequiresStaysWithTheProtocol() {
    let files = [
      (
        "Sources/App/Home.swift",
        """
        import Combine
        protocol Loading { var didLoad: PassthroughSubject<Void, Never> { get } }
        final class HomeViewModel: Loading {
          let didLoad = PassthroughSubject<Void, Never>()
        }
        final class HomeViewController {
          let viewModel = HomeViewModel()
          func viewDidLoad() { viewModel.didLoad.sink { print("loaded") }.store(in: &bag) }
        }
        """
      )
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first
        == "one consumer: Sources/App/Home.swift:8; `Loading.didLoad` requires it to be a subject, so it moves with "
        + "that protocol and every conformer, not on its own")
    let free = files.map { ($0.0, $0.1.replacingOccurrences(of: ": Loading", with: "")) }
    let freed = Support.findings(free, detectors: detectors)
    #expect(freed.map(\.disposition) == [.migrate])
    #expect(
      freed.first?.reasons.first
        == "one consumer: Sources/App/Home.swift:8, so `AsyncStream.makeStream()` can replace it")
  }

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
      finding.reasons[0] == "one consumer: Sources/App/File.swift:5, so `AsyncStream.makeStream()` can replace it")
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
    #expect(
      findings[0].reasons[0]
        == "3 consumers: Sources/App/File.swift:5, Sources/App/File.swift:6, Sources/App/File.swift:7")
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
        == "one consumer: Sources/App/File.swift:6, so `AsyncStream.makeStream()` can replace it"
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
    #expect(findings[0].reasons[0] == "1 consumer: Sources/App/File.swift:4, shared with `share()`/`multicast`")
  }

  /// Shared and consumed only through the shared publisher: said so, not "0 consumers: ,".
  @Test func sharedWithNoConsumerOfItsOwnSaysSo() {
    let source = """
      import Combine
      final class Feed {
        private let subject = PassthroughSubject<Int, Never>()
        lazy var publisher = subject.share()
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first
        == "no consumer of its own (with its re-exposure as `publisher`); shared with `share()`/`multicast`, whose "
        + "subscribers all subscribe through it")
  }

  /// A loop that finishes each subject of an array sends to them: not a consumer (CombineExt's
  /// tests finish their inputs so).
  @Test func aLoopThatSendsToEachSubjectIsNoConsumer() {
    let source = """
      import Combine
      final class Hub {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        func wire() { first.sink { print($0) }.store(in: &bag) }
        func close() { for subject in [first, second] { subject.send(completion: .finished) } }
        func drain() { for subject in [second] { subject.sink { _ in }.store(in: &bag) } }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.symbol) == ["Hub.first", "Hub.second"])
    #expect(findings.first?.reasons.first?.hasPrefix("one consumer: Sources/App/File.swift:5,") == true)
    // A loop that subscribes to each is a consumer.
    #expect(findings.last?.reasons.first?.hasPrefix("one consumer: Sources/App/File.swift:7") == true)
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
    // A consumer, and one an `AsyncStream` cannot feed: `combineLatest` needs publishers.
    let reason =
      "one consumer: Sources/App/File.swift:5, through an operator or call that takes a publisher (a combining or "
      + "time-based operator, or one of the project's own), which an `AsyncStream` cannot feed"
    #expect(findings.map(\.reasons.first) == [reason, reason])
    #expect(findings.map(\.disposition) == [.keep, .keep])
  }

  // MARK: - Consumers across the tree

  /// The event bus of issue 15: five screens subscribe through `Events.shared.changed`.
  @Test func busWithConsumersInFiveOtherFilesKeeps() {
    var files = [
      (
        "Sources/App/Events.swift",
        """
        import Combine
        final class Events {
          static let shared = Events()
          let changed = PassthroughSubject<Item, Never>()
        }
        """
      )
    ]
    for screen in ["Feed", "Inbox", "Profile", "Search", "Settings"] {
      files.append(
        (
          "Sources/App/\(screen).swift",
          """
          import Combine
          final class \(screen)Screen {
            func wire() {
              Events.shared.changed.sink { [weak self] in self?.show($0) }.store(in: &bag)
            }
          }
          """
        ))
    }
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first
        == "5 consumers: Sources/App/Feed.swift:4, Sources/App/Inbox.swift:4, Sources/App/Profile.swift:4, "
        + "Sources/App/Search.swift:4, Sources/App/Settings.swift:4")
    #expect(!findings.flatMap(\.reasons).contains { $0.contains("not counted") })
  }

  /// A subject behind another type's publisher property (`var statePublisher: AnyPublisher<…> {
  /// basePublishers.state.keepAlive(self) }`, stream-chat's public API) has that property's
  /// consumers, wherever they are: it was told "no consumer, `AsyncStream` can replace it".
  @Test func aSubjectBehindAnotherTypesPublisherPropertyKeeps() {
    let source = """
      import Combine
      final class ChannelController {
        lazy var basePublishers = BasePublishers()
        public var statePublisher: AnyPublisher<Int, Never> {
          basePublishers.state.keepAlive(self)
        }
      }
      final class BasePublishers {
        let state = CurrentValueSubject<Int, Never>(0)
        let typing = PassthroughSubject<Int, Never>()
        func changed(_ value: Int) { state.send(value); typing.send(value) }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.symbol) == ["BasePublishers.state", "BasePublishers.typing"])
    #expect(findings.map(\.disposition) == [.keep, .migrate])
    #expect(
      findings.first?.reasons.first
        == "no consumer found; re-exposed by `statePublisher` (Sources/App/File.swift:5), whose consumers are not "
        + "counted")
  }

  @Test func oneConsumerInAnotherFileMigrates() {
    let files = [
      (
        "Sources/App/Uploader.swift",
        """
        import Combine
        final class Uploader {
          let progress = PassthroughSubject<Double, Never>()
          func report(_ value: Double) { progress.send(value) }
        }
        """
      ),
      (
        "Sources/App/UploadScreen.swift",
        """
        import Combine
        final class UploadScreen {
          let uploader = Uploader()
          func wire() {
            uploader.progress.map { $0 * 100 }.sink { print($0) }.store(in: &bag)
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.migrate])
    #expect(
      findings.first?.reasons.first
        == "one consumer: Sources/App/UploadScreen.swift:5, so `AsyncStream.makeStream()` can replace it")
  }

  /// A library's public subject is subscribed to by its clients, outside the tree: however few
  /// consumers the tree shows, it stays. The same subject in an app module, or an internal one
  /// in the library, has all its consumers in the tree and migrates.
  @Test func aLibrarysPublicSubjectKeepsForItsClients() {
    let source = """
      import Combine
      public final class Sync {
        public let finished = PassthroughSubject<Void, Never>()
        public private(set) var progress = CurrentValueSubject<Double, Never>(0)
        let retried = PassthroughSubject<Int, Never>()
        func run() { progress.sink { print($0) }.store(in: &bag) }
      }
      """
    let path = "Sources/Sync/Sync.swift"
    var library = ClassifyContext(modules: [path: "Sync"])
    library.libraryModules = ["Sync"]
    let kept = Support.findings([(path, source)], detectors: detectors, context: library)
    #expect(kept.map(\.disposition) == [.keep, .keep, .migrate])
    #expect(
      kept.first?.reasons
        == [
          "public API of `Sync`, a library product no app of the tree uses: its clients subscribe to it outside the "
            + "tree (no consumer in the tree), and each may subscribe more than once",
          "keep it on Combine for them: an `AsyncStream` traps on a second consumer; the `async` alternative goes "
            + "beside it",
        ])
    #expect(kept.dropFirst().first?.reasons.first?.contains("(one consumer in the tree: \(path):6)") == true)
    let appContext = ClassifyContext(modules: [path: "Sync"])
    let app = Support.findings([(path, source)], detectors: detectors, context: appContext)
    #expect(app.map(\.disposition) == [.migrate, .migrate, .migrate])
  }

  /// `Input(reload: reload.eraseToAnyPublisher())` hands the subject to another object under a
  /// label spelled like it: the label is no parameter shadowing the member, so the argument is a
  /// use (CombineDataSources' batches controller was told nothing subscribes). A parameter of that
  /// name in the function's own head still shadows it.
  @Test func anArgumentLabelSpelledLikeTheSubjectIsNoShadowingParameter() {
    let source = """
      import Combine
      final class Pager {
        let reload = PassthroughSubject<Void, Never>()
        let next = PassthroughSubject<Void, Never>()
        var feed: Feed?
        init() {
          feed = Feed(input: Input(first: 1, reload: reload.eraseToAnyPublisher()))
        }
        func configure<T: Swift.Equatable>(_ value: T, next: AnyPublisher<Void, Never>) {
          feed = Feed(input: Input(reload: next))
        }
      }
      """
    let findings = Support.findings([("Sources/App/Pager.swift", source)], detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep, .migrate])
    #expect(findings.first?.reasons.first?.hasPrefix("one consumer: Sources/App/Pager.swift:7, through") == true)
  }

  /// A subject returned or stored whole (`channels[name] = subject`, `return subject`,
  /// `return last!`) escapes
  /// to code whose consumers are not counted: a hub handing out one subject per channel is no
  /// single-consumer subject. A local consumed once where it is made still migrates, and so does
  /// a property an initialiser assigns its parameter of the same name, or one read through
  /// `?.value`.
  @Test func aReturnedOrStoredSubjectEscapes() {
    let source = """
      import Combine
      final class Hub {
        private var channels: [String: PassthroughSubject<Int, Never>] = [:]
        func channel(_ name: String) -> PassthroughSubject<Int, Never> {
          let subject = PassthroughSubject<Int, Never>()
          channels[name] = subject
          return subject
        }
        private var last: PassthroughSubject<Int, Never>?
        func lastChannel() -> PassthroughSubject<Int, Never> {
          if last == nil { last = PassthroughSubject() }
          return last!
        }
        func once() {
          let done = PassthroughSubject<Void, Never>()
          done.sink { print("done") }.store(in: &bag)
        }
      }
      final class Mock {
        var state: CurrentValueSubject<Int, Never>
        init(rooms: [Int] = [], state: CurrentValueSubject<Int, Never> = .init(0)) {
          self.state = state
        }
      }
      final class Pager {
        func pages(from first: Int) -> AnyPublisher<Int, Never> {
          let current = CurrentValueSubject<Int, Never>(first)
          let next = current.flatMap { page in Just(page + 1).handleEvents(receiveOutput: current.send) }
          return next.prepend(first).eraseToAnyPublisher()
        }
        func evens() {
          let ticks = PassthroughSubject<Int, Never>()
          let evens = ticks.filter { $0 % 2 == 0 }
          evens.sink { print($0) }.store(in: &bag)
        }
      }
      final class Player {
        var progress: CurrentValueSubject<Double, Never>?
        func start() { progress?.sink { print($0) }.store(in: &bag) }
        func current() -> Double {
          let value = progress?.value ?? 0
          return value
        }
      }
      """
    let findings = Support.findings([("Sources/App/Hub.swift", source)], detectors: detectors)
    // The mock's `state` is assigned its parameter (shadowed past the default's `.init(0)`); the
    // pager's subject starts a chain that is bound and returned (and `evens` one that is bound and
    // subscribed: its one consumer); the player's optional subject is read through `?.value`,
    // which is no escape.
    #expect(findings.map(\.disposition) == [.keep, .keep, .migrate, .migrate, .keep, .migrate, .migrate])
    #expect(findings.dropLast().last?.reasons.first?.hasPrefix("one consumer: Sources/App/Hub.swift:") == true)
    #expect(
      findings.first?.reasons.first
        == "no consumer found; re-exposed at lines 6, 7 (`eraseToAnyPublisher()`, returned, bound to a name, or "
        + "handed to another object's property or initialiser), where its consumers cannot be counted")
  }

  /// A declaration with no value of its own that is given another object's subject (a test
  /// harness's `subject = source.subject`) holds that subject: "nothing subscribes, migrate" would
  /// be advice about a subject it does not make. One given a parameter, or one it makes, is its own.
  @Test func aDeclarationGivenAnotherObjectsSubjectHoldsIt() {
    let source = """
      import Combine
      struct Source {
        let subject = PassthroughSubject<Int, Never>()
        var publisher: AnyPublisher<Int, Never> { subject.eraseToAnyPublisher() }
      }
      final class Queue {
        var bag = Set<AnyCancellable>()
        init(source: Source) { source.publisher.sink { print($0) }.store(in: &bag) }
      }
      final class Harness {
        var source: Source!
        var subject: PassthroughSubject<Int, Never>!
        var queue: Queue!
        func setUp() {
          source = Source()
          subject = source.subject
          queue = Queue(source: source)
        }
        func run() { subject.send(1) }
      }
      final class Own {
        var events: PassthroughSubject<Int, Never>
        init() { events = PassthroughSubject() }
        func run() { events.send(1) }
      }
      """
    let findings = Support.findings([("Sources/App/Harness.swift", source)], detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep, .keep, .migrate])
    #expect(
      findings.dropFirst().first?.reasons.first
        == "holds another object's subject (given it at line 16), not one of its own: it is that subject, and its "
        + "type changes when that one moves")
  }

  /// A wait for one value that keeps its subscription in a local (`var c: AnyCancellable?` …
  /// `c = acks.filter { … }.sink { _ in c?.cancel() }`, WalletConnect's relay) subscribes once per
  /// call: two requests in flight are two subscribers, so one site is no single consumer. Found
  /// through a re-exposure (the tree pass) and on the subject itself (the declaring scope). A
  /// subscription kept in a property replaces the last one: that site stays one consumer.
  @Test func aSubscriptionKeptInALocalIsOnePerCall() {
    let source = """
      import Combine
      final class Relay {
        private let acks = PassthroughSubject<Int, Never>()
        private var ackPublisher: AnyPublisher<Int, Never> { acks.eraseToAnyPublisher() }
        func subscribe(id: Int) { wait(for: id) }
        private func wait(for id: Int) {
          var c: AnyCancellable?
          c = ackPublisher.filter { $0 == id }.sink { _ in c?.cancel() }
        }
        func receive(_ id: Int) { acks.send(id) }
      }
      final class Socket {
        private let frames = PassthroughSubject<Int, Never>()
        func request(_ id: Int) {
          var pending: AnyCancellable?
          pending = frames.first { $0 == id }.sink { _ in pending = nil }
        }
      }
      final class Monitor {
        private let changes = PassthroughSubject<Int, Never>()
        private var watch: AnyCancellable?
        func start() { watch = changes.sink { print($0) } }
      }
      """
    let findings = Support.findings([("Sources/App/Relay.swift", source)], detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep, .keep, .migrate])
    #expect(
      findings.first?.reasons.first
        == "1 consumer (with its re-exposure as `ackPublisher`): Sources/App/Relay.swift:8, where each call of `wait` "
        + "subscribes again and keeps the subscription in its local `c` until it cancels, so calls made before a "
        + "value comes overlap")
    #expect(
      findings.dropFirst().first?.reasons.first?.hasSuffix(
        "its local `pending` until it cancels, so calls made before a value comes overlap") == true)
  }

  /// A function that makes the subject's owner before it waits on it (`let emitter = Emitter()`
  /// … `c = emitter.published.sink { _ in c?.cancel() }`, amplify's tests) subscribes once to each
  /// instance it makes: the per-call reason would be false, and one consumer per instance stays a
  /// migrate. A call spelled like a re-exposing property (`center.publisher(for: name)` beside a
  /// `var publisher`) names another function: no consumer of it (Trio's timer).
  @Test func aWaitOnAnOwnerMadeInTheCallAndACallSpelledLikeTheAliasAreNoConsumers() {
    let files = [
      (
        "Sources/App/Emitter.swift",
        """
        import Combine
        final class Emitter {
          private let topic = PassthroughSubject<Int, Never>()
          var published: AnyPublisher<Int, Never> { topic.eraseToAnyPublisher() }
          func emit() { topic.send(1) }
        }
        final class Ticker {
          private let ticks = PassthroughSubject<Int, Never>()
          var publisher: AnyPublisher<Int, Never> { ticks.eraseToAnyPublisher() }
          func tick() { ticks.send(1) }
        }
        """
      ),
      (
        "Tests/AppTests/EmitterTests.swift",
        """
        import Combine
        final class EmitterTests {
          func testEmits() {
            let emitter = Emitter()
            var c: AnyCancellable?
            c = emitter.published.sink { _ in c?.cancel() }
            emitter.emit()
          }
        }
        """
      ),
      (
        "Sources/App/Waiter.swift",
        """
        import Combine
        import Foundation
        final class Owner {
          let ticker = Ticker()
          var bag = Set<AnyCancellable>()
          init() { ticker.publisher.sink { print($0) }.store(in: &bag) }
        }
        func wait(for name: Notification.Name) {
          var c: AnyCancellable?
          c = NotificationCenter.default.publisher(for: name).sink { _ in c?.cancel() }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.migrate, .migrate])
    #expect(findings.allSatisfy { !$0.reasons.joined().contains("each call of") })
    #expect(findings.last?.reasons.first?.hasPrefix("one consumer") == true)
    #expect(findings.last?.reasons.first?.contains("Waiter.swift:6") == true)
    #expect(findings.last?.reasons.first?.contains("Waiter.swift:10") == false)
  }

  /// A subject erased and handed to another object's initialiser from other code
  /// (`Client(didUpdate: delegate.didUpdate.eraseToAnyPublisher())`, CombineCoreBluetooth's
  /// live clients, written `Self(…)` and `.init(…)` too) is consumed by that object: on an
  /// instance the code makes, one consumer that
  /// goes through a call taking a publisher; through a property, or from an extension in another
  /// file, a hand-off whose consumers cannot be counted. None is "nothing subscribes".
  @Test func aSubjectErasedIntoAnotherObjectsInitialiserIsHandedOver() {
    let files = [
      (
        "Sources/App/Delegate.swift",
        """
        import Combine
        final class Delegate {
          let didUpdate = PassthroughSubject<Int, Never>()
          func changed(_ value: Int) { didUpdate.send(value) }
        }
        final class Plugin {
          let state = PassthroughSubject<Int, Never>()
        }
        final class Bridge {
          let events = PassthroughSubject<Int, Never>()
        }
        final class Radio {
          let tuned = PassthroughSubject<Int, Never>()
        }
        """
      ),
      (
        "Sources/App/Client.swift",
        """
        import Combine
        struct Client {
          var didUpdate: AnyPublisher<Int, Never>
          static func live() -> Client {
            let delegate = Delegate()
            return Client(didUpdate: delegate.didUpdate.eraseToAnyPublisher())
          }
        }
        extension Plugin {
          func observe() -> Runner { Runner(updates: state.eraseToAnyPublisher()) }
        }
        final class Owner {
          let bridge: Bridge
          init(bridge: Bridge) { self.bridge = bridge }
          func runner() -> Runner { Runner(updates: bridge.events.eraseToAnyPublisher(), count: 1) }
        }
        struct Tuner {
          var tuned: AnyPublisher<Int, Never>
          static func live(_ radio: Radio) -> Self { Self(tuned: radio.tuned.eraseToAnyPublisher()) }
          static func test(_ radio: Radio) -> Tuner { .init(tuned: radio.tuned.eraseToAnyPublisher()) }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep, .keep, .keep, .keep])
    #expect(
      findings[3].reasons.first?.contains(
        "passed to a function at Sources/App/Client.swift:19, Sources/App/Client.swift:20")
        == true)
    #expect(findings[0].reasons.first?.hasPrefix("one consumer: Sources/App/Client.swift:6, through") == true)
    #expect(
      findings[1].reasons.first
        == "no consumer found; passed to a function at Sources/App/Client.swift:10, where its consumers cannot be "
        + "counted")
    #expect(findings[2].reasons.first?.contains("passed to a function at Sources/App/Client.swift:15") == true)
  }

  /// ddg's autofill screen subscribes in its `init` to a subject of an app-wide adapter it is
  /// given: one consumer site, but one subscription per screen made, all on one subject.
  @Test func oneConsumerSiteOnAnInstanceItIsGivenKeeps() {
    let files = [
      (
        "Sources/App/SyncAdapter.swift",
        """
        import Combine
        final class SyncAdapter {
          private let completed = PassthroughSubject<Void, Never>()
          let completedPublisher: AnyPublisher<Void, Never>
          init() { completedPublisher = completed.eraseToAnyPublisher() }
          func finish() { completed.send() }
        }
        """
      ),
      (
        "Sources/App/SettingsScreen.swift",
        """
        import Combine
        final class SettingsScreen {
          init(adapter: SyncAdapter) {
            adapter.completedPublisher.sink { print("done") }.store(in: &bag)
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons == [
        "one consumer site (with its re-exposure as `completedPublisher`): Sources/App/SettingsScreen.swift:4, in "
          + "`SettingsScreen`, which reaches the subject through a property, a parameter or a shared instance: "
          + "every instance of it that is made (a screen per visit, a handler per tab) subscribes again",
        "keep it unless one of them lives exactly as long as the subject: an `AsyncStream` traps on a second "
          + "consumer",
      ])
  }

  @Test func feedingASubjectIsNotConsumingIt() {
    let files = [
      (
        "Sources/App/Relay.swift",
        """
        import Combine
        final class Relay {
          let output = PassthroughSubject<Int, Never>()
          func wire(_ upstream: AnyPublisher<Int, Never>) {
            upstream.subscribe(output)
            upstream.assign(to: \\.value, on: output)
            output.send(1)
          }
        }
        """
      ),
      (
        "Sources/App/Screen.swift",
        """
        import Combine
        final class Screen {
          let relay = Relay()
          func wire() { relay.output.sink { print($0) }.store(in: &bag) }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.migrate])
    #expect(
      findings.first?.reasons.first
        == "one consumer: Sources/App/Screen.swift:4, so `AsyncStream.makeStream()` can replace it")
  }

  @Test func reExposedSubjectConsumedTwiceElsewhereKeeps() {
    let files = [
      (
        "Sources/App/Store.swift",
        """
        import Combine
        final class Store {
          private let subject = PassthroughSubject<Change, Never>()
          var updatesPublisher: AnyPublisher<Change, Never> { subject.eraseToAnyPublisher() }
        }
        """
      ),
      (
        "Sources/App/ListModel.swift",
        """
        import Combine
        final class ListModel {
          let store: Store
          func wire() { self.store.updatesPublisher.sink { print($0) }.store(in: &bag) }
        }
        """
      ),
      (
        "Sources/App/Badge.swift",
        """
        import Combine
        final class Badge {
          var store: Store?
          func wire() { store?.updatesPublisher.map(\\.count).sink { print($0) }.store(in: &bag) }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first
        == "2 consumers (with its re-exposure as `updatesPublisher`): Sources/App/Badge.swift:4, "
        + "Sources/App/ListModel.swift:4")
  }

  @Test func ambiguousMemberNameIsSaidNotGuessed() {
    let files = [
      (
        "Sources/App/Manager.swift",
        """
        import Combine
        final class Manager {
          let updates = PassthroughSubject<Int, Never>()
        }
        final class Other {
          let updates = PassthroughSubject<Int, Never>()
        }
        """
      ),
      (
        "Sources/App/Screen.swift",
        """
        import Combine
        func wire(_ manager: SomeProtocol) {
          manager.updates.sink { print($0) }.store(in: &bag)
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep, .keep])
    #expect(
      findings.first?.reasons.first
        == "no consumer resolved; the uses at Sources/App/Screen.swift:3 may be its consumers too "
        + "(or those of `Other`, which declare the name too)")
  }

  /// A name a hundred types declare (every coordinator's `actions`) names a few of them, not
  /// all: element-x's reasons ran to 6,000 characters.
  @Test func manyOtherOwnersOfTheNameAreCountedNotListed() {
    let owners = (0..<8).map { "final class Owner\($0) { let updates = PassthroughSubject<Int, Never>() }" }
    let files = [
      ("Sources/App/Owners.swift", "import Combine\n" + owners.joined(separator: "\n") + "\n"),
      (
        "Sources/App/Screen.swift",
        """
        import Combine
        func wire(_ manager: SomeProtocol) {
          manager.updates.sink { print($0) }.store(in: &bag)
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.count == 8)
    #expect(
      findings.first?.reasons.first
        == "no consumer resolved; the uses at Sources/App/Screen.swift:3 may be its consumers too "
        + "(or those of `Owner1`, `Owner2`, `Owner3`, `Owner4`, `Owner5` and 2 other types, which declare the "
        + "name too)")
  }

  @Test func noConsumerInTheTreeIsSaidHonestly() {
    let source = """
      import Combine
      final class Bus {
        let events = PassthroughSubject<Int, Never>()
        func fire() { events.send(1) }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.migrate])
    #expect(findings.first?.reasons.first?.hasPrefix("no consumer found in the tree") == true)
  }

  @Test func onReceiveInAViewIsAConsumer() {
    let files = [
      (
        "Sources/App/Model.swift",
        """
        import Combine
        final class Model {
          static let shared = Model()
          let ticks = PassthroughSubject<Int, Never>()
        }
        """
      ),
      (
        "Sources/App/TickView.swift",
        """
        import SwiftUI
        struct TickView: View {
          var body: some View { Text("").onReceive(Model.shared.ticks) { print($0) } }
        }
        """
      ),
      (
        "Sources/App/Log.swift",
        """
        import Combine
        final class Log {
          func wire() { for await tick in Model.shared.ticks.values { print(tick) } }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first == "2 consumers: Sources/App/Log.swift:3, Sources/App/TickView.swift:3")
  }

  /// Element X's coordinators: every screen re-exposes its `actionsSubject` as `actions`, and a
  /// flow coordinator subscribes to a local of the screen's type.
  @Test func localOfAWrittenTypeResolvesAmongManyLikeNamedMembers() {
    var files: [(String, String)] = []
    for screen in ["Login", "Settings"] {
      files.append(
        (
          "Sources/App/\(screen)Coordinator.swift",
          """
          import Combine
          final class \(screen)Coordinator {
            private let actionsSubject: PassthroughSubject<Action, Never> = .init()
            var actions: AnyPublisher<Action, Never> { actionsSubject.eraseToAnyPublisher() }
          }
          """
        ))
    }
    files.append(
      (
        "Sources/App/FlowCoordinator.swift",
        """
        import Combine
        final class FlowCoordinator {
          func start(settings: SettingsCoordinator) {
            let coordinator = LoginCoordinator(parameters: .init())
            coordinator.actions.sink { print($0) }.store(in: &bag)
            settings.actions.sink { print($0) }.store(in: &bag)
          }
        }
        """
      ))
    let findings = Support.findings(files, detectors: detectors)
    // The coordinator it makes subscribes once; the one passed in may be shared by other callers.
    #expect(findings.map(\.disposition) == [.migrate, .keep])
    #expect(
      findings.map { $0.reasons.first ?? "" } == [
        "one consumer (with its re-exposure as `actions`): Sources/App/FlowCoordinator.swift:5, so "
          + "`AsyncStream.makeStream()` can replace it",
        "one consumer site (with its re-exposure as `actions`): Sources/App/FlowCoordinator.swift:6, in "
          + "`FlowCoordinator`, which reaches the subject through a property, a parameter or a shared instance: "
          + "every instance of it that is made (a screen per visit, a handler per tab) subscribes again",
      ])
  }

  /// A consumer through a protocol-typed property counts when the subject's type is the only
  /// conformer declaring the member; with a second conformer (a mock) it is said to be ambiguous.
  @Test func protocolTypedConsumerResolvesThroughItsOnlyConformer() {
    let model = (
      "Sources/App/ScreenViewModel.swift",
      """
      import Combine
      protocol ScreenViewModelProtocol { var actions: AnyPublisher<Action, Never> { get } }
      final class ScreenViewModel: ScreenViewModelProtocol {
        private let actionsSubject = PassthroughSubject<Action, Never>()
        var actions: AnyPublisher<Action, Never> { actionsSubject.eraseToAnyPublisher() }
      }
      """
    )
    let coordinator = (
      "Sources/App/ScreenCoordinator.swift",
      """
      import Combine
      final class ScreenCoordinator {
        private let viewModel: ScreenViewModelProtocol
        init() { viewModel = ScreenViewModel() }
        func start() { viewModel.actions.sink { print($0) }.store(in: &bag) }
      }
      """
    )
    let mock = (
      "Sources/App/ScreenViewModelMock.swift",
      """
      final class ScreenViewModelMock: ScreenViewModelProtocol {
        var actions: AnyPublisher<Action, Never> { Empty().eraseToAnyPublisher() }
      }
      """
    )
    let one = Support.findings([model, coordinator], detectors: detectors)
    #expect(one.map(\.disposition) == [.migrate])
    // A mock conforming too changes nothing: the coordinator holds one of them, and subscribes to
    // that one's `actions` (ddg's `DuckPlayerControlling`, Element X's generated mocks).
    let two = Support.findings([model, coordinator, mock], detectors: detectors)
    #expect(two.map(\.disposition) == [.migrate])
    #expect(
      two.first?.reasons.first
        == "one consumer (with its re-exposure as `actions`): Sources/App/ScreenCoordinator.swift:5, so "
        + "`AsyncStream.makeStream()` can replace it")
  }

  /// IceCubes: a view debounces its own subject inside `onReceive`.
  @Test func passedOnThroughOperatorsIsAConsumer() {
    let source = """
      import SwiftUI
      struct AddView: View {
        private let namePublisher = PassthroughSubject<String, Never>()
        var body: some View {
          Text("")
            .onChange(of: name) { _, value in namePublisher.send(value) }
            .onReceive(namePublisher.debounce(for: .milliseconds(500), scheduler: DispatchQueue.main)) { print($0) }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    // IceCubes: following "AsyncStream can replace it" breaks the build: `.onReceive` takes a
    // publisher, and an `AsyncStream` has no `debounce`.
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first
        == "one consumer: Sources/App/File.swift:7, a view's `.onReceive`, which takes a publisher and subscribes "
        + "again whenever the view is remade")
    #expect(findings.first?.reasons.dropFirst().first?.contains("`.task(id:)`") == true)
  }

  /// ddg's `DuckPlayerControlling` requires a subject: the requirement is no subject of its own,
  /// and a use through the protocol is a consumer of the conformer's.
  @Test func aProtocolRequirementIsNotASubject() {
    let source = """
      import Combine
      protocol Player { var requests: PassthroughSubject<URL, Never> { get } }
      final class RealPlayer: Player {
        var requests: PassthroughSubject<URL, Never>
        var current: PassthroughSubject<URL, Never> { requests }
      }
      final class Handler {
        var player: Player
        func wire() { player.requests.sink { print($0) }.store(in: &bag) }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.symbol) == ["RealPlayer.requests"])
    // The handler is given its player (ddg: one player for every tab's handler): kept.
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first?.hasPrefix("one consumer site: Sources/App/File.swift:9, in `Handler`") == true)
  }

  /// Mastodon subscribes to `authenticationViewModel.authenticated` through its own `asyncMap`
  /// in one controller and with a plain `sink` in another.
  @Test func aProjectOperatorAfterTheMemberIsAUse() {
    let files = [
      (
        "Sources/App/Auth.swift",
        """
        import Combine
        final class Auth {
          let authenticated = PassthroughSubject<String, Never>()
        }
        """
      ),
      (
        "Sources/App/Login.swift",
        """
        import Combine
        final class Login {
          let auth: Auth
          func wire() { auth.authenticated.sink { print($0) }.store(in: &bag) }
        }
        """
      ),
      (
        "Sources/App/Pick.swift",
        """
        import Combine
        final class Pick {
          let auth: Auth
          func wire() {
            auth
              .authenticated
              .asyncMap { await check($0) }
              .sink { print($0) }
              .store(in: &bag)
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(findings.first?.reasons.first == "2 consumers: Sources/App/Login.swift:4, Sources/App/Pick.swift:6")
  }

  /// Element X's home screen reaches a screen model through its generic base class's `state`:
  /// the path's last name has one declared type in the tree, so the use is that type's.
  @Test func aPathResolvesThroughItsLastNamesOneDeclaredType() {
    let files = [
      (
        "Sources/App/Filters.swift",
        """
        import Combine
        final class FiltersModel {
          private let actionsSubject = PassthroughSubject<Int, Never>()
          var actions: AnyPublisher<Int, Never> { actionsSubject.eraseToAnyPublisher() }
        }
        final class OtherModel {
          private let actionsSubject = PassthroughSubject<Int, Never>()
          var actions: AnyPublisher<Int, Never> { actionsSubject.eraseToAnyPublisher() }
        }
        struct Bindings {
          var filtersModel: FiltersModel?
        }
        """
      ),
      (
        "Sources/App/Home.swift",
        """
        import Combine
        final class Home: StateStore<HomeState> {
          func show() {
            state.bindings.filtersModel?.actions.sink { print($0) }.store(in: &bag)
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    // Resolved to `FiltersModel`; reached through state the screen is given, so not counted as one.
    #expect(findings.map(\.disposition) == [.keep, .keep])
    #expect(
      findings.first?.reasons.first?.hasPrefix(
        "one consumer site (with its re-exposure as `actions`): Sources/App/Home.swift:4, in `Home`") == true)
    #expect(findings.last?.reasons.first?.hasPrefix("no consumer found in the tree (with its re-exposure") == true)
  }

  /// Element X's UI-test coordinator is one `lazy var` closure of a thousand lines.
  @Test func aLocalDeepInALongPropertyClosureResolves() {
    let filler = (0..<600).map { "    let value\($0) = compute(\($0), \($0 + 1))" }.joined(separator: "\n")
    let files = [
      (
        "Sources/App/Flows.swift",
        """
        import Combine
        final class LockFlow {
          private let actionsSubject = PassthroughSubject<Int, Never>()
          var actions: AnyPublisher<Int, Never> { actionsSubject.eraseToAnyPublisher() }
        }
        final class OtherFlow {
          private let actionsSubject = PassthroughSubject<Int, Never>()
          var actions: AnyPublisher<Int, Never> { actionsSubject.eraseToAnyPublisher() }
        }
        """
      ),
      (
        "Sources/App/Screen.swift",
        """
        import Combine
        final class Screen {
          lazy var coordinator: AnyObject? = {
        \(filler)
            let flow = LockFlow()
            flow.actions.sink { print($0) }.store(in: &bag)
            return flow
          }()
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.migrate, .keep])
  }

  /// Mastodon's profile fields box their values in subjects made from the initialiser's
  /// parameters of the same names.
  @Test func aParameterSpelledLikeTheSubjectIsNotAUse() {
    let source = """
      import Combine
      struct FieldValue {
        var name: CurrentValueSubject<String, Never>
        init(name: String) {
          self.name = CurrentValueSubject(name)
        }
        func wire() { name.sink { print($0) }.store(in: &bag) }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.migrate])
    #expect(
      findings.first?.reasons.first
        == "one consumer: Sources/App/File.swift:7, so `AsyncStream.makeStream()` can replace it")
  }

  /// CombineExt's tests merge and race arrays of subjects with its own operators.
  @Test func anArrayOfSubjectsMadeIntoOnePublisherKeeps() {
    let source = """
      import Combine
      final class MergeTests {
        func testMerge() {
          let first = PassthroughSubject<Int, Never>()
          let second = PassthroughSubject<Int, Never>()
          [first, second].merge().sink { print($0) }.store(in: &bag)
        }
        func testPlain() {
          let only = PassthroughSubject<Int, Never>()
          _ = [only].map { $0 }
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep, .keep, .migrate])
    #expect(findings[0].reasons.first?.contains("through an operator or call that takes a publisher") == true)
  }

  /// Mastodon's view models declare their subjects in the class and wire them in an extension
  /// of it below, in the same file.
  @Test func usesInAnExtensionInTheSameFileCount() {
    let source = """
      import Combine
      final class PickModel {
        let query = CurrentValueSubject<String, Never>("")
        let servers = PassthroughSubject<[Int], Never>()
      }
      extension PickModel {
        func configure() {
          query.sink { print($0) }.store(in: &bag)
          servers.sink { print($0) }.store(in: &bag)
          servers.map(\\.count).sink { print($0) }.store(in: &bag)
        }
      }
      extension Other {
        func wire() { query.sink { print($0) }.store(in: &bag) }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.migrate, .keep])
    #expect(
      findings.first?.reasons.first
        == "one consumer: Sources/App/File.swift:8, so `AsyncStream.makeStream()` can replace it")
    #expect(findings.last?.reasons.first == "2 consumers: Sources/App/File.swift:9, Sources/App/File.swift:10")
  }

  @Test func aClosureParameterSpelledLikeTheSubjectIsNotAUse() {
    let source = """
      import Combine
      final class Filter {
        let category = CurrentValueSubject<Int, Never>(0)
        let query = CurrentValueSubject<String, Never>("")
        func wire() {
          query.map { [weak self] text, category in text }.sink { print($0) }.store(in: &bag)
          other.map { (items, category) -> Int in items }.sink { print($0) }.store(in: &bag)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.symbol) == ["Filter.category", "Filter.query"])
    #expect(findings.first?.reasons.first?.hasPrefix("no consumer found in the tree") == true)
    #expect(findings.last?.disposition == .migrate)
  }

  /// A subject whose one consumer is a `CombineLatest`, a `debounce` or a library's own operator
  /// (CombineExt's tests: `subject.withLatestFrom(other)`) needs a publisher there.
  @Test func oneConsumerThatNeedsAPublisherKeeps() {
    let files = [
      (
        "Sources/App/Search.swift",
        """
        import Combine
        final class Search {
          let items = CurrentValueSubject<[Int], Never>([])
          let trigger = PassthroughSubject<Void, Never>()
          let plain = PassthroughSubject<Int, Never>()
          func wire() {
            Publishers.CombineLatest(items, other).sink { print($0) }.store(in: &bag)
            plain.map { $0 + 1 }.receive(on: RunLoop.main).sink { print($0) }.store(in: &bag)
          }
        }
        """
      ),
      (
        "Tests/AppTests/SearchTests.swift",
        """
        import Combine
        final class SearchTests {
          func testLatest() {
            let text = PassthroughSubject<String, Never>()
            text.withLatestFrom(other).sink { print($0) }.store(in: &bag)
          }
          func testTrigger(search: Search) {
            search.trigger.debounce(for: 1, scheduler: RunLoop.main).sink { print($0) }.store(in: &bag)
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.symbol) == ["Search.items", "Search.trigger", "Search.plain", "SearchTests.testLatest"])
    #expect(findings.map(\.disposition) == [.keep, .keep, .migrate, .keep])
    #expect(
      findings.first?.reasons.first
        == "one consumer: Sources/App/Search.swift:7, through an operator or call that takes a publisher (a "
        + "combining or time-based operator, or one of the project's own), which an `AsyncStream` cannot feed")
    #expect(findings[1].reasons.first?.hasPrefix("one consumer: Tests/AppTests/SearchTests.swift:8, through") == true)
    #expect(findings[3].reasons.first?.hasPrefix("one consumer: Tests/AppTests/SearchTests.swift:5, through") == true)
  }

  /// Element X's UI-test coordinator builds each flow in a `lazy var` initialised by a closure.
  @Test func aLocalInAPropertyClosureResolves() {
    let files = [
      (
        "Sources/App/Flows.swift",
        """
        import Combine
        final class LockFlow {
          private let actionsSubject = PassthroughSubject<Int, Never>()
          var actions: AnyPublisher<Int, Never> { actionsSubject.eraseToAnyPublisher() }
        }
        final class OtherFlow {
          private let actionsSubject = PassthroughSubject<Int, Never>()
          var actions: AnyPublisher<Int, Never> { actionsSubject.eraseToAnyPublisher() }
        }
        """
      ),
      (
        "Sources/App/Screen.swift",
        """
        import Combine
        final class Screen {
          lazy var coordinator: AnyObject? = {
            let flow = LockFlow(state: 1,
                                other: 2)
            flow.actions.sink { print($0) }.store(in: &bag)
            return flow
          }()
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.migrate, .keep])
    #expect(
      findings.first?.reasons.first
        == "one consumer (with its re-exposure as `actions`): Sources/App/Screen.swift:6, so "
        + "`AsyncStream.makeStream()` can replace it")
    #expect(findings.last?.reasons.first?.hasPrefix("no consumer found in the tree (with its re-exposure") == true)
  }

  /// Element X wraps its subjects in its own publisher type (`asCurrentValuePublisher()`).
  @Test func aProjectWrapperIsAReExposure() {
    let files = [
      (
        "Sources/App/NetworkMonitor.swift",
        """
        import Combine
        final class NetworkMonitor {
          private let reachabilitySubject = CurrentValueSubject<Bool, Never>(true)
          var reachabilityPublisher: CurrentValuePublisher<Bool, Never> {
            reachabilitySubject.asCurrentValuePublisher()
          }
        }
        """
      ),
      (
        "Sources/App/Flow.swift",
        """
        import Combine
        final class Flow {
          let networkMonitor: NetworkMonitor
          func start() {
            networkMonitor.reachabilityPublisher.removeDuplicates().sink { print($0) }.store(in: &bag)
            networkMonitor.reachabilityPublisher.sink { print($0) }.store(in: &bag)
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first?.hasPrefix("2 consumers (with its re-exposure as `reachabilityPublisher`)") == true)
  }

  /// CombineExt's relays: the subject is subscribed once per subscriber of the relay.
  @Test func forwardingInReceiveSubscriberIsABroadcast() {
    let source = """
      import Combine
      public final class PassthroughRelay<Output>: Publisher {
        private let storage = PassthroughSubject<Output, Never>()
        public func accept(_ value: Output) { storage.send(value) }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
          storage.subscribe(subscriber)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(findings.first?.reasons.first?.contains("every subscriber of that publisher subscribes to it") == true)
  }

  /// A `Subscriber`'s own `receive(_:)` and `receive(completion:)` forward what it gets to its
  /// subject: that is no publisher's `receive(subscriber:)`, and the subject's consumers are
  /// counted as anywhere else (GRDB's test `DemandSubscriber`).
  @Test func aSubscribersOwnReceiveIsNoBroadcast() {
    let subscriber = (
      "Tests/DemandSubscriber.swift",
      """
      import Combine
      final class DemandSubscriber<Input, Failure: Error>: Subscriber {
        let subject = PassthroughSubject<Input, Failure>()
        func receive(subscription: Subscription) {}
        func receive(_ input: Input) -> Subscribers.Demand { subject.send(input); return .none }
        func receive(completion: Subscribers.Completion<Failure>) { subject.send(completion: completion) }
      }
      """
    )
    let test = (
      "Tests/DemandTests.swift",
      """
      import Combine
      func testDemand() {
        let subscriber = DemandSubscriber<Int, Never>()
        let cancellable = subscriber.subject.sink { print($0) }
      }
      """
    )
    let findings = Support.findings([subscriber, test], detectors: detectors)
    #expect(findings.count == 1)
    #expect(findings.first?.reasons.contains { $0.contains("receive(subscriber:)") } == false)
    #expect(findings.first?.reasons.first?.hasPrefix("one consumer") == true, "\(findings.first?.reasons ?? [])")
  }

  /// A property that re-exposes the subject from an extension of its type in another file
  /// (amplify's operations) is an alias like one beside the declaration: its two subscribers are
  /// the subject's, not "nothing subscribes".
  @Test func aReExposureInAnExtensionInAnotherFileIsFollowed() {
    let files = [
      (
        "Sources/App/Job.swift",
        """
        import Combine
        class Job<Output> {
          var progress: PassthroughSubject<Output, Never>!
          init() { progress = PassthroughSubject() }
          func report(_ value: Output) { progress.send(value) }
        }
        """
      ),
      (
        "Sources/App/Job+Publisher.swift",
        """
        import Combine
        extension Job {
          var progressPublisher: AnyPublisher<Output, Never> { progress.eraseToAnyPublisher() }
        }
        final class Dashboard {
          var bag = Set<AnyCancellable>()
          func show(_ job: Job<Int>) {
            job.progressPublisher.sink { print($0) }.store(in: &bag)
            job.progressPublisher.map { $0 * 2 }.sink { print($0) }.store(in: &bag)
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first
        == "2 consumers (with its re-exposure as `progressPublisher`): Sources/App/Job+Publisher.swift:8, "
        + "Sources/App/Job+Publisher.swift:9")
  }

  /// A property whose body is another re-exposure alone (`public var progressPublisher:
  /// AnyPublisher<…> { internalProgress }`, a public facade over an internal one) re-exposes it
  /// again: one consumer of the inner one is not all, so the subject keeps and says where it goes.
  @Test func aFacadeOverAReExposureIsAReExposure() {
    let files = [
      (
        "Sources/App/Job.swift",
        """
        import Combine
        class Job<Output> {
          var progress: PassthroughSubject<Output, Never>!
          init() { progress = PassthroughSubject() }
        }
        """
      ),
      (
        "Sources/App/Job+Internal.swift",
        """
        import Combine
        extension Job {
          var internalProgress: AnyPublisher<Output, Never> { progress.eraseToAnyPublisher() }
        }
        """
      ),
      (
        "Sources/App/Job+Public.swift",
        """
        import Combine
        public extension Job {
          var progressPublisher: AnyPublisher<Output, Never> {
            internalProgress
          }
        }
        """
      ),
      (
        "Tests/AppTests/JobTests.swift",
        """
        import Combine
        final class JobTests {
          var bag = Set<AnyCancellable>()
          func testProgress(_ job: Job<Int>) { job.internalProgress.sink { print($0) }.store(in: &bag) }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(
      findings.first?.reasons.first
        == "1 consumer found: Tests/AppTests/JobTests.swift:4; re-exposed by `progressPublisher` "
        + "(Sources/App/Job+Public.swift:4), whose consumers are not counted")
  }

  /// A local subject given to an initialiser written `.init(…)` (element-x's mocks hand it to a
  /// wrapper many screens read) is handed over: the object made keeps it, and its consumers are
  /// not counted here. A sink of the project's own whose cancellable is stored
  /// (`weakAssign(…).store(in:)`) consumes it, even as the first statement of a function, where
  /// it is no re-exposure.
  @Test func aSubjectGivenToAnInitialiserIsHandedOverAndAStoredSinkConsumes() {
    let source = """
      import Combine
      struct Reading<Value> {
        init(_ subject: CurrentValueSubject<Value, Never>) {}
      }
      extension Publisher where Failure == Never {
        func weakAssign<Root: AnyObject>(
          to path: ReferenceWritableKeyPath<Root, Output>, on root: Root
        ) -> AnyCancellable {
          sink { [weak root] in root?[keyPath: path] = $0 }
        }
      }
      final class Sensor {
        var reading: Reading<Int>!
        init() {
          let level = CurrentValueSubject<Int, Never>(0)
          reading = .init(level)
        }
      }
      final class Upload {
        private let fraction = PassthroughSubject<Double, Never>()
        private var bag = Set<AnyCancellable>()
        var shown = 0.0
        func start() -> Bool {
          fraction.weakAssign(to: \\.shown, on: self).store(in: &bag)
          return true
        }
      }
      """
    let findings = Support.findings([("Sources/App/Sensor.swift", source)], detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep, .keep])
    #expect(
      findings.first?.reasons.first
        == "no consumer found; re-exposed at line 16 (`eraseToAnyPublisher()`, returned, bound to a name, or handed "
        + "to another object's property or initialiser), where its consumers cannot be counted")
    #expect(findings.last?.reasons.first?.hasPrefix("one consumer: Sources/App/Sensor.swift:24, through") == true)
  }

  /// A call on the subject's own type spelled like its re-exposing property (`bus.publisher(matching:
  /// 2)` beside `var publisher`, stream-video's `eventPublisher(for:)`) calls a function of that
  /// type, which may be made from the subject: it still counts, so one site is never the only one.
  @Test func aCallOnTheOwnTypeSpelledLikeAPropertyAliasStillCounts() {
    let files = [
      (
        "Sources/App/Bus.swift",
        """
        import Combine
        final class Bus {
          private let events = PassthroughSubject<Int, Never>()
          private var bag = Set<AnyCancellable>()
          var publisher: AnyPublisher<Int, Never> { events.eraseToAnyPublisher() }
          func publisher(matching value: Int) -> AnyPublisher<Int, Never> {
            events.filter { $0 == value }.eraseToAnyPublisher()
          }
          init() { publisher.sink { print($0) }.store(in: &bag) }
        }
        """
      ),
      (
        "Sources/App/Screen.swift",
        """
        import Combine
        final class Screen {
          var bag = Set<AnyCancellable>()
          init(bus: Bus) { bus.publisher(matching: 2).sink { print($0) }.store(in: &bag) }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep])
    #expect(findings.first?.reasons.first?.contains("Sources/App/Screen.swift:4") == true)
  }

  /// A local declared without a type that shadows the subject (`let servers = index.value`)
  /// makes the bare name that local: `servers.filter { … }` after it is no use of the subject. One
  /// declared in a block that closed before the use shadows nothing.
  @Test func anUntypedLocalShadowsTheSubjectUntilItsBlockCloses() {
    let source = """
      import Combine
      final class Picker {
        let servers = CurrentValueSubject<[Int], Never>([])
        let index = CurrentValueSubject<[Int], Never>([])
        func pick() -> Int? {
          let servers = index.value
          let positive = servers.filter { $0 > 0 }
          return positive.first
        }
        func watch() -> AnyPublisher<[Int], Never> {
          if index.value.isEmpty { let servers = [1] ; print(servers) }
          let sorted = servers.map { $0.sorted() }
          return sorted.eraseToAnyPublisher()
        }
      }
      final class Accept {
        enum Stage { case accepting(PassthroughSubject<Int, Never>), idle }
        var stage = Stage.idle
        func accept() {
          if case let .accepting(delivery) = stage {
            delivery.sink { print($0) }.store(in: &bag)
          } else {
            let delivery = PassthroughSubject<Int, Never>()
            stage = .accepting(delivery)
          }
        }
      }
      func preview() {
        final class Trigger {
          var publisher: AnyPublisher<Bool, Never> { fired.eraseToAnyPublisher() }
          private let fired = CurrentValueSubject<Bool, Never>(false)
        }
        _ = Trigger()
      }
      final class Module {
        let events: PassthroughSubject<Int, Never>
        let published: AnyPublisher<Int, Never>
        init() {
          let events = PassthroughSubject<Int, Never>()
          self.events = events
          self.published = events.eraseToAnyPublisher()
        }
      }
      """
    let findings = Support.findings([("Sources/App/Picker.swift", source)], detectors: detectors)
    #expect(findings.count == 6)
    #expect(findings.first?.disposition == .keep)
    #expect(findings.first?.reasons.first?.contains("re-exposed at line 12") == true)
    #expect(findings.first?.reasons.first?.contains("line 7") == false)
    // A local the initialiser stores as the member is the subject: its re-exposure is the member's.
    // A local is not in scope before its declaration: the branch above binds another `delivery`.
    let accept = findings.first { $0.range.start.line == 23 }
    #expect(accept?.reasons.first?.hasPrefix("one consumer: Sources/App/Picker.swift:24,") == true)
    // A member of a type declared in a function is in scope before its declaration.
    let trigger = findings.first { $0.range.start.line == 31 }
    #expect(trigger?.disposition == .keep)
    #expect(trigger?.reasons.first?.contains("no consumer found in the tree (with its re-exposure as") == true)
    let module = findings.first { $0.range.start.line == 36 }
    #expect(module?.disposition == .keep)
    #expect(module?.reasons.first?.hasPrefix("no consumer found; re-exposed at line 40") == true)
  }

  /// Three shapes stream-video's tests and helpers showed:
  /// - a function of the project's own called on the subject (`for await tick in ticks.asStream()`,
  ///   `await events.nextValue()`), also after operators (`ticks.filter(…).asStream()`),
  ///   subscribes to it: two such loops are two consumers;
  /// - a declaration given an initialiser's parameter (`self.settings = settings`) holds another
  ///   object's subject, as one given `other.subject` does;
  /// - `_ = subject` sends it nowhere: no re-exposure.
  @Test func anOwnCallConsumesAParameterIsHeldAndADiscardIsNothing() {
    let source = """
      import Combine
      extension Publisher where Failure == Never {
        func asStream() -> AsyncStream<Output> {
          AsyncStream { continuation in
            let token = sink { continuation.yield($0) }
            continuation.onTermination = { _ in token.cancel() }
          }
        }
      }
      final class Feed {
        let ticks = PassthroughSubject<Int, Never>()
        func start() {
          Task { for await tick in ticks.asStream() { print(tick) } }
          Task { for await tick in ticks.filter({ $0 > 0 }).asStream() { print(tick + 1) } }
        }
      }
      final class Feedback {
        private let settings: CurrentValueSubject<Int, Never>
        init(settings: CurrentValueSubject<Int, Never>) { self.settings = settings }
        func bump() { settings.send(settings.value + 1) }
      }
      final class Probe {
        let pings = PassthroughSubject<Void, Never>()
        func keep() { _ = pings }
      }
      """
    let findings = Support.findings([("Sources/App/Feed.swift", source)], detectors: detectors)
    #expect(findings.map(\.disposition) == [.keep, .keep, .migrate])
    let first = "2 consumers: Sources/App/Feed.swift:13, Sources/App/Feed.swift:14"
    #expect(findings.first?.reasons.first?.hasPrefix(first) == true)
    let held = "holds another object's subject (given it at line 19)"
    #expect(findings.dropFirst().first?.reasons.first?.hasPrefix(held) == true)
    #expect(findings.last?.reasons.first?.hasPrefix("no consumer found in the tree: nothing subscribes") == true)
  }

  /// A subject that can fail is replaced by a stream that can: `AsyncStream` cannot finish with
  /// an error (bilibili's `PassthroughSubject<…, String>` was told `AsyncStream`). `Never`,
  /// spelled either way, keeps `AsyncStream`.
  @Test func failingSubjectIsReplacedByAThrowingStream() {
    let source = """
      import Combine
      enum LoadError: Error { case offline }
      final class Loader {
        let results = PassthroughSubject<Data, LoadError>()
        let progress: CurrentValueSubject<Double, Swift.Never> = .init(0)
        let ticks = PassthroughSubject<Int, Never>()
        func start() {
          results.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
        }
      }
      """
    let findings = Support.findings([("Sources/App/Loader.swift", source)], detectors: detectors)
    #expect(findings.map(\.disposition) == [.migrate, .migrate, .migrate])
    let reasons = findings.map { $0.reasons.joined(separator: " | ") }
    #expect(reasons.first?.contains("`AsyncThrowingStream.makeStream()` can replace it") == true)
    #expect(reasons.first?.contains("an `AsyncThrowingStream` traps on a second consumer") == true)
    #expect(reasons.first?.contains("`AsyncStream") == false)
    for reason in reasons.dropFirst() {
      #expect(reason.contains("`AsyncStream.makeStream()` can replace it"))
      #expect(!reason.contains("Throwing"))
    }
  }
}
