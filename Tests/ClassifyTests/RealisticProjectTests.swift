import Classify
import ScanModel
import Testing

/// A small but realistic view model and client, classified with every detector: pins what the
/// detectors say together, so a change in one shows up as a changed line here.
@Suite struct RealisticProjectTests {
  static let viewModel = """
    import Combine
    import SwiftUI

    @MainActor
    final class SearchViewModel: ObservableObject {
      @Published var query = ""
      @Published private(set) var results: [Item] = []
      @Published var isLoading = false
      private let api: APIClient
      private var cancellables = Set<AnyCancellable>()
      private let refresh = PassthroughSubject<Void, Never>()
      let events = PassthroughSubject<Event, Error>()

      init(api: APIClient) {
        self.api = api
        $query
          .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
          .removeDuplicates()
          .filter { !$0.isEmpty }
          .flatMap { [api] q in api.search(q).catch { _ in Just([]) } }
          .receive(on: DispatchQueue.main)
          .assign(to: \\.results, on: self)
          .store(in: &cancellables)

        refresh
          .sink { [weak self] in self?.reload() }
          .store(in: &cancellables)

        NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
          .map { _ in () }
          .sink { [weak self] in self?.refresh.send() }
          .store(in: &cancellables)

        Timer.publish(every: 30, on: .main, in: .common)
          .autoconnect()
          .sink { _ in print("tick") }
          .store(in: &cancellables)

        events.tryMap { try validate($0) }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
          .store(in: &cancellables)
      }

      func reload() {
        isLoading = true
        api.fetchAll()
          .receive(on: DispatchQueue.main)
          .sink(receiveCompletion: { [weak self] completion in
            self?.isLoading = false
            if case .failure(let error) = completion { print(error) }
          }, receiveValue: { [weak self] items in
            self?.results = items
          })
          .store(in: &cancellables)
      }

      func waitUntilLoaded() async {
        for await loading in $isLoading.values where !loading { break }
      }
    }
    """

  static let client = """
    import Combine
    import Foundation

    final class APIClient {
      let session = URLSession.shared
      func fetchAll() -> AnyPublisher<[Item], Error> {
        Future { promise in
          Task {
            do { promise(.success(try await self.load())) } catch { promise(.failure(error)) }
          }
        }
        .eraseToAnyPublisher()
      }
      func load() async throws -> [Item] {
        try await withCheckedThrowingContinuation { continuation in
          legacyLoad { result in
            continuation.resume(with: result)
          }
        }
      }
      func legacyLoad(completion: @escaping (Result<[Item], Error>) -> Void) {
        session.dataTask(with: url) { data, _, error in
          if let error = error {
            completion(.failure(error))
          }
          guard let data = data else { return }
          completion(.success(decode(data)))
        }.resume()
      }
    }
    """

  func summary(_ findings: [Finding]) -> [String] {
    findings.map { finding in
      "\(finding.file):\(finding.range.start.line) \(finding.ruleID) \(finding.disposition.rawValue) "
        + "\(finding.phase?.rawValue ?? "-") \(finding.symbol ?? "-")"
    }
  }

  @Test func everyDetectorTogether() {
    let findings = Support.findings(
      [("App/SearchViewModel.swift", Self.viewModel), ("Net/APIClient.swift", Self.client)],
      detectors: Support.allRules.map(\.detector))
    #expect(
      summary(findings) == [
        "App/SearchViewModel.swift:11 subject migrate view-models SearchViewModel.refresh",
        "App/SearchViewModel.swift:12 subject migrate view-models SearchViewModel.events",
        "App/SearchViewModel.swift:16 assign-retain-cycle fix-now - SearchViewModel.init",
        "App/SearchViewModel.swift:16 operator-pipeline keep - SearchViewModel.init",
        "App/SearchViewModel.swift:29 operator-pipeline migrate view-models SearchViewModel.init",
        "App/SearchViewModel.swift:34 operator-pipeline migrate view-models SearchViewModel.init",
        "App/SearchViewModel.swift:39 operator-pipeline migrate view-models SearchViewModel.init",
        "App/SearchViewModel.swift:39 silent-failure fix-now - SearchViewModel.init",
        "App/SearchViewModel.swift:45 operator-pipeline migrate one-shot SearchViewModel.reload",
        "App/SearchViewModel.swift:57 values-bridge keep - SearchViewModel.waitUntilLoaded",
        "Net/APIClient.swift:7 future-task-wrapper migrate one-shot APIClient.fetchAll",
        "Net/APIClient.swift:16 continuation-never-resumed fix-now - APIClient.load",
        "Net/APIClient.swift:16 continuation-resumed-twice fix-now - APIClient.load",
      ])
  }

  @Test func classificationIsAPureFunction() {
    let detectors = Support.allRules.map(\.detector)
    let first = Support.classify(Self.viewModel, detectors: detectors)
    let second = Support.classify(Self.viewModel, detectors: detectors)
    #expect(first == second)
  }

  @Test func largeInputGivesEveryCandidate() {
    let big = String(repeating: Self.viewModel + "\n" + Self.client + "\n", count: 150)
    // No timing: a quadratic pass shows up as a hung test; the benchmark measures speed.
    let result = Support.classify(big, detectors: Support.allRules.map(\.detector))
    // 13 a copy: each call whose closure resumes asks up to three callee questions (twice, never,
    // and never when `self` is gone, which `legacyLoad` called on the `self` that the awaiting
    // `load` holds cannot be); the global pass keeps only those the callee's body answers.
    #expect(result.candidates.count == 150 * 13)
  }
}
