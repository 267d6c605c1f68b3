import Classify
import ScanModel
import Testing

@Suite struct OperatorPipelineDetectorTests {
  let detectors = ["operator-pipeline"]

  @Test func timeAndCombiningOperatorsKeep() {
    let source = """
      import Combine
      final class SearchModel: ObservableObject {
        @Published var query = ""
        @Published var scope = 0
        private var cancellables = Set<AnyCancellable>()
        init() {
          $query
            // wait for typing to settle
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .removeDuplicates()
            .combineLatest($scope)
            .sink { [weak self] query, scope in self?.search(query, scope) }
            .store(in: &cancellables)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.count == 1)
    let finding = findings[0]
    #expect(finding.disposition == .keep)
    #expect(finding.phase == nil)
    #expect(finding.symbol == "SearchModel.init")
    #expect(finding.range.start == SourceLocation(line: 7, column: 5))
    #expect(finding.range.end.line == 13)
    #expect(finding.reasons.first == "keeps: debounce, removeDuplicates, combineLatest")
    #expect(
      finding.reasons.last
        == "starts from `$query`: `@Published var query` cannot move to `@Observable` until this pipeline is rewritten")
  }

  @Test func plainTransformOfOneShotSourceMigratesInOneShotPhase() {
    let files = [
      (
        "Sources/App/Profile.swift",
        """
        import Combine
        final class Profile {
          func load() {
            api.user(id: 1).map(\\.name).receive(on: DispatchQueue.main).sink(receiveCompletion: { _ in }, receiveValue: { self.name = $0 }).store(in: &bag)
          }
        }
        """
      ),
      (
        "Sources/App/API.swift",
        """
        import Combine
        final class API {
          func user(id: Int) -> AnyPublisher<User, Error> {
            Deferred { Future { promise in self.fetch(id) { promise($0) } } }.eraseToAnyPublisher()
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.count == 1)
    #expect(findings[0].disposition == .migrate)
    #expect(findings[0].phase == .oneShot)
    #expect(findings[0].reasons[0] == "plain transform of one value: map, receive")
    #expect(
      findings[0].reasons[1]
        == "source `api.user(…)` delivers one value (`user` at Sources/App/API.swift:3 returns a one-shot "
        + "publisher): `try await` and plain code replace the chain")
  }

  /// Issue 15: an unknown call is not assumed to deliver one value.
  @Test func unknownSourceIsNeverAdvisedTryAwait() {
    let source = """
      import Combine
      final class Settings {
        func wire() {
          store.observe(key: "theme").map { $0 as? String }.sink { self.theme = $0 }.store(in: &bag)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.phase) == [.viewModels])
    #expect(
      findings.first?.reasons
        == [
          "plain per-value operators: map",
          "source `store.observe(…)` is not known to finish or to deliver one value: a `for await` loop in a stored "
            + "`Task` replaces the chain either way; `try await` only once you know it delivers one value",
        ])
  }

  /// A `Just` in a recovery or mapping closure (`.catch { Just(fallback) }`, `.flatMap { Just($0) }`)
  /// says nothing of how the stream ends: a client's `post()` recovers from the errors of `send()`,
  /// which waits on an endless session projection, and its callers were told `try await`. The
  /// stream ends as the call it starts from does. `Deferred { Future { … } }` stays one-shot.
  @Test func aJustInARecoveryClosureIsNoOneShotSource() {
    let client = """
      import Combine
      final class Client {
        @Published var session: Session?
        func send() -> AnyPublisher<Reply, ClientError> {
          $session.compactMap { $0 }.flatMap { $0.upload() }.eraseToAnyPublisher()
        }
        func post() -> AnyPublisher<Reply, Never> {
          send().catch { _ in Just(Reply.empty) }.eraseToAnyPublisher()
        }
        func doubled() -> AnyPublisher<Int, Never> {
          counter.flatMap { Just($0 * 2) }.eraseToAnyPublisher()
        }
        func once() -> AnyPublisher<Int, Never> {
          Deferred { Future { promise in promise(.success(1)) } }.eraseToAnyPublisher()
        }
      }
      """
    let screen = """
      import Combine
      final class Screen {
        func tap() {
          client.post().receive(on: DispatchQueue.main).sink { self.reply = $0 }.store(in: &bag)
          client.doubled().receive(on: DispatchQueue.main).sink { self.value = $0 }.store(in: &bag)
          client.once().receive(on: DispatchQueue.main).sink { self.value = $0 }.store(in: &bag)
        }
      }
      """
    let findings = Support.findings(
      [("Sources/App/Client.swift", client), ("Sources/App/Screen.swift", screen)], detectors: detectors
    )
    .filter { $0.file == "Sources/App/Screen.swift" }
    #expect(findings.count == 3)
    #expect(
      findings.first?.reasons.last?.hasPrefix(
        "source `client.post(…)` keeps delivering (`post` at Sources/App/Client.swift:7") == true)
    #expect(findings.dropFirst().first?.reasons.last?.hasPrefix("source `client.doubled(…)` is not known") == true)
    #expect(findings.last?.reasons.last?.hasPrefix("source `client.once(…)` delivers one value") == true)
    #expect(!findings.prefix(2).contains { $0.reasons.joined().contains("`try await` and plain code") })
  }

  /// mastodon: `Mastodon.API.App.verifyCredentials(…)` was said to return the one-shot publisher
  /// of `Account.verifyCredentials`, the first of two declarations of that name. A call that
  /// writes the type means that type's function; one that does not names every declaration.
  @Test func aSourceNamedByTwoTypesIsTheWrittenTypesOrBoth() {
    let api = """
      import Combine
      enum Shop {
        enum Orders {
          static func load() -> AnyPublisher<[Int], Never> { Just([1]).eraseToAnyPublisher() }
        }
        enum Users {
          static func load() -> AnyPublisher<[Int], Never> { Just([2]).eraseToAnyPublisher() }
        }
      }
      """
    let screen = """
      import Combine
      final class Screen {
        func show() {
          Shop.Users.load().map(\\.count).sink { self.count = $0 }.store(in: &bag)
          service.load().map(\\.count).sink { self.total = $0 }.store(in: &bag)
        }
      }
      """
    let findings = Support.findings(
      [("Sources/App/Shop.swift", api), ("Sources/App/Screen.swift", screen)], detectors: detectors)
    #expect(findings.count == 2)
    #expect(
      findings.first?.reasons[1]
        == "source `Shop.Users.load(…)` delivers one value (`load` at Sources/App/Shop.swift:7 returns a one-shot "
        + "publisher): `try await` and plain code replace the chain")
    #expect(
      findings.last?.reasons[1]
        == "source `service.load(…)` delivers one value (the 2 `load`s at Sources/App/Shop.swift:4, "
        + "Sources/App/Shop.swift:7 return a one-shot publisher): `try await` and plain code replace the chain")
  }

  /// Issue 15: `repository.changes()` built from a subject never finishes.
  @Test func endlessRepositoryMethodKeepsDelivering() {
    let files = [
      (
        "Sources/App/Repository.swift",
        """
        import Combine
        final class Repository {
          private let subject = CurrentValueSubject<[Item], Never>([])
          func changes() -> AnyPublisher<[Item], Never> {
            subject.eraseToAnyPublisher()
          }
          func first() -> AnyPublisher<[Item], Never> { subject.first().eraseToAnyPublisher() }
        }
        """
      ),
      (
        "Sources/App/ListModel.swift",
        """
        import Combine
        final class ListModel {
          func wire() {
            repository.changes().map(\\.count).sink { self.count = $0 }.store(in: &bag)
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.phase) == [.viewModels])
    #expect(
      findings.first?.reasons[1]
        == "source `repository.changes(…)` keeps delivering (`changes` at Sources/App/Repository.swift:4 is built "
        + "from an endless source): a `for await` loop in a stored `Task` replaces the chain")
  }

  /// pocket-casts: screens filter `bookmarkManager.onBookmarkCreated`, a `PassthroughSubject` of
  /// another type reached through a property. A subject never finishes on its own: the chain's
  /// source keeps delivering, where it used to be "not known to finish".
  @Test func aSubjectReachedThroughAPropertyKeepsDelivering() {
    let files = [
      (
        "Sources/App/Bookmarks.swift",
        """
        import Combine
        final class Bookmarks {
          let created = PassthroughSubject<Bookmark, Never>()
          var updates: AnyPublisher<Bookmark, Never> { created.eraseToAnyPublisher() }
        }
        """
      ),
      (
        "Sources/App/EpisodeScreen.swift",
        """
        import Combine
        final class EpisodeScreen {
          let bookmarks: Bookmarks
          func wire() {
            bookmarks.created.filter { $0.isVisible }.sink { self.show($0) }.store(in: &bag)
            bookmarks.updates.map(\\.title).sink { self.title = $0 }.store(in: &bag)
          }
        }
        """
      ),
      (
        "Sources/App/Other.swift",
        """
        import Combine
        final class Cache { var created: AnyPublisher<Int, Never> }
        final class Feed { let created: AnyPublisher<Int, Never> }
        final class OtherScreen {
          func wire(source: Source) {
            source.created.filter { $0 > 0 }.sink { print($0) }.store(in: &bag)
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors + ["subject"])
      .filter { $0.category == .operatorPipeline }
    #expect(
      findings.map { $0.reasons[1] } == [
        "source `bookmarks.created` keeps delivering (`created` is the `PassthroughSubject` declared at "
          + "Sources/App/Bookmarks.swift:3): a `for await` loop in a stored `Task` replaces the chain",
        "source `bookmarks.updates` keeps delivering (`updates` re-exposes `created`, the `PassthroughSubject` "
          + "declared at Sources/App/Bookmarks.swift:3): a `for await` loop in a stored `Task` replaces the chain",
        // Three types declare `created`, and `Source` is none of them: which one is not known.
        "source `source.created` is not known to finish or to deliver one value: a `for await` loop in a stored "
          + "`Task` replaces the chain either way; `try await` only once you know it delivers one value",
      ])
  }

  /// Mastodon: `extension Publisher { func asyncMap … }` is an operator, not the chain's source.
  @Test func operatorExtensionsAreNotSources() {
    let files = [
      (
        "Sources/App/Publisher+Async.swift",
        """
        import Combine
        extension Publisher {
          func asyncMap<T>(_ transform: @escaping (Output) async -> T) -> Publishers.FlatMap<Future<T, Never>, Self> {
            flatMap { value in Future { promise in Task { promise(.success(await transform(value))) } } }
          }
        }
        """
      ),
      (
        "Sources/App/Screen.swift",
        """
        import Combine
        final class Screen {
          func wire() {
            model.authenticated.asyncMap { await self.save($0) }.receive(on: DispatchQueue.main).sink { _ in }.store(in: &bag)
          }
        }
        """
      ),
    ]
    let findings = Support.findings(files, detectors: detectors)
    #expect(findings.map(\.phase) == [.viewModels])
    #expect(
      findings.first?.reasons[1].hasPrefix("source `model.authenticated.asyncMap` is not known to finish") == true)
  }

  /// A parenthesised expression at the head of a chain is its source: a toggle written as
  /// `(saved ? item.unsave() : item.save()).receive(on:).sink` was reported as a "plain
  /// subscription of `receive`", naming the operator as the source.
  @Test func aParenthesisedHeadIsTheSourceNotTheOperatorAfterIt() {
    let source = """
      import Combine
      final class CommentModel {
        func toggle() {
          let cancellable = (comment.saved == true ? comment.unsave() : comment.save())
            .receive(on: DispatchQueue.main)
            .sink { _ in }
          bag.append(cancellable)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.phase) == [.viewModels])
    #expect(
      findings.first?.reasons
        == [
          "plain per-value operators: receive",
          "source `(comment.saved == true ? comment.unsave() : comment.save())` is not known to finish or to "
            + "deliver one value: a `for await` loop in a stored `Task` replaces the chain either way; `try await` "
            + "only once you know it delivers one value",
        ])
  }

  /// `subscribe()` and `receive(_:)` without an `on:` scheduler are the project's own calls, part
  /// of the source (`subreddit.subscribe()` returns the request's publisher), not Combine's
  /// `subscribe(on:)`/`receive(on:)`; the terminal `receive(subscriber:)` still ends a chain.
  @Test func aSubscribeCallWithoutASchedulerIsTheSourcesOwnCall() {
    let source = """
      import Combine
      final class SubredditModel {
        func join() {
          subreddit.subscribe()
            .receive(on: DispatchQueue.main)
            .sink { _ in }
            .store(in: &bag)
          feed.items.subscribe(on: DispatchQueue.global()).map { $0.count }.sink { _ in }.store(in: &bag)
          feed.items.map { $0.count }.receive(subscriber: counter)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.count == 3)
    #expect(findings.first?.reasons.first == "plain per-value operators: receive")
    #expect(
      findings.first?.reasons.dropFirst().first?.hasPrefix("source `subreddit.subscribe(…)` is not known") == true)
    #expect(findings.dropFirst().first?.reasons.first == "plain per-value operators: subscribe, map")
    #expect(findings.last?.reasons.first == "plain per-value operators: map")
  }

  @Test func propertiesSpelledLikeOperatorsAreNotOperators() {
    let source = """
      import Combine
      final class Screen {
        func wire() { relay.output.sink { print($0) }.store(in: &bag) }
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  @Test func plainTransformOfEndlessSourceMigratesWithViewModels() {
    let source = """
      import Combine
      final class Counter {
        func bind() {
          $text.map { $0.count }.sink { self.count = $0 }.store(in: &bag)
          NotificationCenter.default.publisher(for: .didLogIn).map { _ in true }.assign(to: \\.loggedIn, on: self).store(in: &bag)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.phase) == [.viewModels, .viewModels])
    #expect(findings.map(\.disposition) == [.migrate, .migrate])
    #expect(findings[0].reasons[0] == "plain per-value operators: map")
    #expect(findings[1].reasons[1].hasPrefix("source `NotificationCenter.default.publisher(…)` keeps delivering"))
  }

  @Test func bareSubscriptionAndLookAlikesAreNotPipelines() {
    let source = """
      import Combine
      func f() {
        logger.sink(level: .debug)
        // $query.debounce(for: 1, scheduler: q).sink { }
        let s = "$query.debounce(for: 1, scheduler: q).sink { }"
        events.sink { print($0) }
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  @Test func unknownOperatorOnASubjectIsNotOneShot() {
    let source = """
      import Combine
      final class Feed {
        let source = PassthroughSubject<Int, Never>()
        func bind() { source.enumerated().sink { print($0) }.store(in: &bag) }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.phase) == [.viewModels])
  }

  /// Combine's `subscribe(_:)` takes a subscriber or a subject in parentheses. A closure handed
  /// to a `subscribe` (HAKit's `caches.states(filter).subscribe { token, value in … }`) is some
  /// other API's callback, whatever the file imports.
  @Test func aSubscribeWithAClosureIsNoPipeline() {
    let source = """
      import Combine
      final class Scene {
        func start() {
          token = api.connection.caches.states(filter)
            .subscribe { [weak self] _, states in self?.states = states }
          other = cache.user.subscribe({ _, user in print(user) })
          upstream.map { $0 + 1 }.subscribe(subject)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.range.start.line) == [7])
  }
}
