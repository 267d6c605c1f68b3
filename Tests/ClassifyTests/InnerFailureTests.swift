import Classify
import ScanModel
import Testing

/// How silent-failure decides whether a `flatMap`'s inner publisher can fail: the written type
/// (`PublisherFailure`) and the declaration the call resolves to across files (`InnerFailureIndex`).
@Suite struct InnerFailureTests {
  let detectors = ["silent-failure"]

  @Test(arguments: [
    ("AnyPublisher<[Item],Error>", PublisherFailure.fails("Error")),
    ("AnyPublisher<[Item],Never>", .never),
    ("AnyPublisher<[Item],Swift.Never>?", .never),
    ("Future<Int,APIError>", .fails("APIError")),
    ("Combine.Future<Result<Int,Error>,Never>", .never),
    ("Just<Int>", .never),
    ("Published<Bool>.Publisher", .never),
    ("Result<Int,APIError>.Publisher", .fails("APIError")),
    ("Deferred<Future<Int,Error>>", .fails("Error")),
    ("some Publisher<Int,Never>", .never),
    ("any Publisher<Int,DecodingError>", .fails("DecodingError")),
    ("PassthroughSubject<Void,Error>", .fails("Error")),
    ("URLSession.DataTaskPublisher", .fails("URLError")),
    ("NotificationCenter.Publisher", .never),
    ("SearchPublisher", .unknown),
    ("Publishers.Map<AnyPublisher<Int,Error>,String>", .unknown),
    ("AnyPublisher<Int", .unknown),
  ])
  func writtenTypeSaysWhetherItFails(_ type: String, _ expected: PublisherFailure) {
    #expect(PublisherFailure.of(type: type) == expected)
  }

  /// The consumer, in its own file: `$query` through `flatMap` into `replaceError`.
  private static func screen(_ call: String, member: String = "let api: SearchAPI") -> (String, String) {
    (
      "Sources/App/Screen.swift",
      """
      import Combine
      final class Screen: ObservableObject {
        @Published var query = ""
        @Published var results: [String] = []
        \(member)
        init() {
          $query.flatMap { \(call) }.replaceError(with: []).assign(to: &$results)
        }
      }
      """
    )
  }

  private func reasons(_ files: [(String, String)]) -> [[String]] {
    Support.findings(files, detectors: detectors).map(\.reasons)
  }

  @Test func aProtocolRequirementInAnotherFileDecidesThroughTheMemberType() {
    let api = (
      "Sources/App/SearchAPI.swift",
      "import Combine\nprotocol SearchAPI {\n  func search(_ text: String) -> AnyPublisher<[String], Error>\n}\n"
    )
    let found = reasons([Self.screen("self.api.search($0)"), api])
    #expect(found.count == 1)
    #expect(
      found.first?.last
        == "line 7: the inner publisher `search` can fail: Sources/App/SearchAPI.swift:3 declares it "
        + "`AnyPublisher<[String],Error>`, failing with `Error` (declared by `SearchAPI`)")
  }

  @Test func theReceiversOwnDeclarationWinsOverAnotherTypesOfTheSameName() {
    let files = [
      Self.screen("self.api.search($0)", member: "let api = OfflineStore()"),
      (
        "Sources/App/Stores.swift",
        """
        import Combine
        protocol SearchAPI { func search(_ text: String) -> AnyPublisher<[String], Error> }
        final class OfflineStore { func search(_ text: String) -> AnyPublisher<[String], Never> { Just([]).eraseToAnyPublisher() } }
        """
      ),
    ]
    #expect(reasons(files).isEmpty)
  }

  @Test func aSuperclassDeclarationIsInherited() {
    let files = [
      Self.screen("api.search($0)", member: "let api: CachedClient"),
      (
        "Sources/App/Clients.swift",
        """
        import Combine
        class Client { func search(_ text: String) -> AnyPublisher<[String], URLError> { fatalError() } }
        final class CachedClient: Client {}
        """
      ),
    ]
    #expect(reasons(files).first?.last?.hasSuffix("(declared by `Client`, which `CachedClient` inherits from)") == true)
  }

  @Test func aReceiverTypeTheTreeDoesNotDeclareIsNotTheTrees() {
    // `URLCache` is the SDK's: another type's `search` says nothing about it.
    let files = [
      Self.screen("api.search($0)", member: "let api: URLCache"),
      (
        "Sources/App/Other.swift",
        "import Combine\nfinal class Remote { func search(_ t: String) -> AnyPublisher<[String], Error> { fatalError() } }\n"
      ),
    ]
    #expect(reasons(files).isEmpty)
  }

  @Test func byNameAllDeclarationsMustAgree() {
    let failing =
      "import Combine\nfinal class A { func search(_ t: String) -> AnyPublisher<[String], Error> { fatalError() } }\n"
    let alsoFailing =
      "import Combine\nfinal class B { func search(_ t: String) -> Future<[String], Error> { fatalError() } }\n"
    let never =
      "import Combine\nfinal class C { func search(_ t: String) -> AnyPublisher<[String], Never> { fatalError() } }\n"
    // A closure parameter: its type is not known, so every declaration of `search` is asked.
    let call = "text in provider(text).search(text)"
    let agreeing = reasons([Self.screen(call), ("Sources/App/A.swift", failing), ("Sources/App/B.swift", alsoFailing)])
    #expect(agreeing.count == 1)
    #expect(
      agreeing.first?.last?.hasSuffix(
        "(found by name: the receiver's type is not known; all 2 declarations of that name can fail)") == true)
    let disagreeing = reasons([Self.screen(call), ("Sources/App/A.swift", failing), ("Sources/App/C.swift", never)])
    #expect(disagreeing.isEmpty)
  }

  @Test func aTypealiasIsReadThrough() {
    let aliases = """
      import Combine
      typealias ResultsPublisher = AnyPublisher<[String], Error>
      typealias SafePublisher = AnyPublisher<[String], Never>
      final class Store {
        func search(_ t: String) -> ResultsPublisher { fatalError() }
        func cached(_ t: String) -> SafePublisher { fatalError() }
      }
      """
    let member = "let store = Store()"
    #expect(
      reasons([Self.screen("store.search($0)", member: member), ("Sources/App/Store.swift", aliases)]).count == 1)
    #expect(reasons([Self.screen("store.cached($0)", member: member), ("Sources/App/Store.swift", aliases)]).isEmpty)
  }

  @Test func aPropertyAndAFunctionPassedByNameAreLookedUp() {
    let store = """
      import Combine
      final class Store {
        let updates = PassthroughSubject<[String], Error>()
        var safe: AnyPublisher<[String], Never> { Just([]).eraseToAnyPublisher() }
        func search(_ t: String) -> AnyPublisher<[String], Error> { fatalError() }
      }
      """
    let member = "let store = Store()"
    let file = ("Sources/App/Store.swift", store)
    #expect(reasons([Self.screen("_ in self.store.updates", member: member), file]).count == 1)
    #expect(reasons([Self.screen("_ in self.store.safe", member: member), file]).isEmpty)
    let byName = (
      "Sources/App/Screen.swift",
      """
      import Combine
      final class Screen: ObservableObject {
        @Published var query = ""
        @Published var results: [String] = []
        let store = Store()
        init() { $query.flatMap(store.search).replaceError(with: []).assign(to: &$results) }
      }
      """
    )
    #expect(reasons([byName, file]).count == 1)
  }

  @Test func compactMapBeforeSwitchToLatestIsTheInnerPublisher() {
    // mastodon-ios's shape: an optional publisher per value, declared not to fail.
    let source = """
      import Combine
      final class Screen: ObservableObject {
        @Published var query = ""
        @Published var results: [String] = []
        let api: SearchAPI
        init() {
          $query.compactMap { q -> AnyPublisher<[String], Never>? in nil }.switchToLatest().replaceError(with: []).assign(to: &$results)
          $query.compactMap { q -> AnyPublisher<[String], Error>? in nil }.switchToLatest().replaceError(with: []).assign(to: &$results)
        }
      }
      """
    #expect(Support.findings(source, detectors: detectors).map(\.range.start.line) == [8])
  }

  @Test func whatTheClosureSaysDecidesWithoutTheTree() {
    // Branches of one closure have one type: `Just` in one says the other cannot fail either.
    #expect(reasons([Self.screen("$0.isEmpty ? Just([]).eraseToAnyPublisher() : self.api.search($0)")]).isEmpty)
    #expect(reasons([Self.screen("q -> AnyPublisher<[String], Never> in self.api.search(q)")]).isEmpty)
    #expect(reasons([Self.screen("self.api.search($0).catch { _ in Just([]) }")]).isEmpty)
    #expect(
      reasons([Self.screen("URLSession.shared.dataTaskPublisher(for: URL(string: $0)!).map { _ in [] }")]).count == 1)
    #expect(reasons([Self.screen("Future<[String], Error> { $0(.success([])) }")]).count == 1)
    #expect(reasons([Self.screen("self.api.search($0).tryMap { try check($0) }")]).count == 1)
  }
}
