import Foundation

/// Writes a deterministic synthetic Swift tree of about a requested number of lines.
///
/// The files come from realistic templates: Combine services, view models, async clients,
/// plain model code, and comments and strings that hold look-alikes of every pattern (which a
/// grep matches and migrate-scan must not). The same size always gives the same bytes.
struct CorpusGenerator {
  /// Lines per module before a new module starts.
  var linesPerModule = 20_000

  /// Writes the tree under `root` and returns (files, lines, bytes).
  func generate(lines target: Int, into root: URL) throws -> (files: Int, lines: Int, bytes: Int) {
    let fileManager = FileManager.default
    try? fileManager.removeItem(at: root)
    try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
    var files = 0
    var lines = 0
    var bytes = 0
    var moduleNames: [String] = []
    var index = 0
    while lines < target {
      let module = "Module\(lines / linesPerModule)"
      if moduleNames.last != module { moduleNames.append(module) }
      let folder = root.appendingPathComponent("Sources/\(module)")
      try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
      let text = CorpusGenerator.file(index: index, module: module)
      let name = "\(CorpusGenerator.kinds[index % CorpusGenerator.kinds.count])\(index).swift"
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
      files += 1
      lines += text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
      bytes += text.utf8.count
      index += 1
    }
    var manifest = "// swift-tools-version: 5.9\nimport PackageDescription\n\nlet package = Package(\n"
    manifest += "  name: \"Corpus\",\n  platforms: [.iOS(.v15)],\n  targets: [\n"
    for (position, module) in moduleNames.enumerated() {
      let dependencies = position == 0 ? "" : ", dependencies: [\"\(moduleNames[position - 1])\"]"
      manifest += "    .target(name: \"\(module)\"\(dependencies)),\n"
    }
    manifest += "  ]\n)\n"
    try Data(manifest.utf8).write(to: root.appendingPathComponent("Package.swift"))
    return (files + 1, lines, bytes + manifest.utf8.count)
  }

  static let kinds = ["Service", "ViewModel", "Client", "Model", "Store", "Bridge"]

  /// A one-line file of about `bytes` bytes with a token every byte or two: declarations,
  /// closures, statements and brackets without a space, and nothing any rule reports (a file
  /// of findings measures the findings, not the per-token storage).
  static func denseFile(bytes target: Int) -> [UInt8] {
    var bytes = Array("import Combine;".utf8)
    bytes.reserveCapacity(target + 200)
    var index = 0
    while bytes.count < target {
      bytes += "func f\(index)(a:Int)->Int{if a>0{return g(a,[1,2],(3))};return h.map{$0+1}.x};".utf8
      bytes += "let x\(index)=s.y(z:{v in v*2})[0]?.w;".utf8
      index += 1
    }
    return bytes
  }

  /// One file's text: a template chosen by index, with names made unique by the index.
  static func file(index: Int, module: String) -> String {
    let n = index
    switch index % kinds.count {
    case 0: return service(n)
    case 1: return viewModel(n)
    case 2: return client(n)
    case 3: return model(n)
    case 4: return store(n)
    default: return bridge(n)
    }
  }

  static func service(_ n: Int) -> String {
    """
    import Combine
    import Foundation

    /// Loads records for screen \(n). Not a finding: Future { promise in Task { } } in a doc comment.
    final class Service\(n) {
      private let session: URLSession
      private var cancellables = Set<AnyCancellable>()

      init(session: URLSession = .shared) {
        self.session = session
      }

      func load(id: Int) async throws -> Record\(n) {
        let url = URL(string: "https://example.invalid/records/\\(id)")!
        let (data, _) = try await session.data(from: url)
        return try JSONDecoder().decode(Record\(n).self, from: data)
      }

      func loadPublisher(id: Int) -> AnyPublisher<Record\(n), Error> {
        Future { promise in
          Task {
            do {
              promise(.success(try await self.load(id: id)))
            } catch {
              promise(.failure(error))
            }
          }
        }
        .eraseToAnyPublisher()
      }

      func legacy(completion: @escaping (Result<Int, Error>) -> Void) {
        completion(.success(\(n)))
      }

      func bridged() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
          legacy { result in
            continuation.resume(with: result)
          }
        }
      }

      let help = "Use withCheckedThrowingContinuation and PassthroughSubject<Int, Never>() with care"
    }

    struct Record\(n): Codable {
      var id: Int
      var name: String
      var tags: [String]
    }

    """ + padding(n, lines: 40)
  }

  static func viewModel(_ n: Int) -> String {
    """
    import Combine
    import SwiftUI

    @MainActor
    final class ViewModel\(n): ObservableObject {
      @Published var query = ""
      @Published private(set) var results: [String] = []
      @Published var isLoading = false
      let events = PassthroughSubject<String, Never>()
      private var cancellables = Set<AnyCancellable>()

      init() {
        $query
          .debounce(for: .milliseconds(250), scheduler: RunLoop.main)
          .removeDuplicates()
          .sink { [weak self] text in self?.search(text) }
          .store(in: &cancellables)
        events
          .map { $0.uppercased() }
          .sink { print($0) }
          .store(in: &cancellables)
      }

      func search(_ text: String) {
        isLoading = true
        results = text.split(separator: " ").map(String.init)
        isLoading = false
        // @Published var notAProperty = 1
      }
    }

    """ + padding(n, lines: 50)
  }

  static func client(_ n: Int) -> String {
    """
    import Foundation

    /// A plain async client: nothing to migrate here.
    actor Client\(n) {
      private var cache: [Int: String] = [:]

      func value(for key: Int) async -> String {
        if let cached = cache[key] { return cached }
        let computed = String(repeating: "x", count: key % 17)
        cache[key] = computed
        return computed
      }

      func values(_ keys: [Int]) async -> [String] {
        var out: [String] = []
        for key in keys {
          out.append(await value(for: key))
        }
        return out
      }
    }

    """ + padding(n, lines: 60)
  }

  static func model(_ n: Int) -> String {
    """
    import Foundation

    struct Model\(n): Equatable, Hashable {
      var identifier: UUID
      var title: String
      var subtitle: String?
      var count: Int
      var ratio: Double

      var summary: String {
        let ratioText = String(format: "%.2f", ratio)
        return "\\(title) (\\(count)) ratio \\(ratioText) /* Just(1) */ #/regex/#"
      }

      static func sample() -> Model\(n) {
        Model\(n)(identifier: UUID(), title: "t\(n)", subtitle: nil, count: \(n % 97), ratio: 0.5)
      }
    }

    let pattern\(n) = /[a-z]+\\d*/
    let divided\(n) = \(n + 1) / 2 / 1

    """ + padding(n, lines: 70)
  }

  static func store(_ n: Int) -> String {
    """
    import Combine
    import Foundation

    final class Store\(n) {
      private let queue = DispatchQueue(label: "store\(n)")
      private var items: [String] = []
      let changes = CurrentValueSubject<Int, Never>(0)

      func add(_ item: String) {
        queue.async {
          self.items.append(item)
          self.changes.send(self.items.count)
        }
      }

      func all() -> [String] {
        queue.sync { items }
      }

      func watch() async {
        for await count in changes.values {
          print(count)
        }
      }
    }

    """ + padding(n, lines: 45)
  }

  static func bridge(_ n: Int) -> String {
    """
    import Combine

    extension Publisher {
      func firstValue\(n)() async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
          var cancellable: AnyCancellable?
          cancellable = first().sink(
            receiveCompletion: { completion in
              if case .failure(let error) = completion { continuation.resume(throwing: error) }
              cancellable?.cancel()
            },
            receiveValue: { value in continuation.resume(returning: value) })
        }
      }
    }

    func constant\(n)() -> AnyPublisher<Int, Never> {
      Just(\(n)).eraseToAnyPublisher()
    }

    """ + padding(n, lines: 30)
  }

  /// Ordinary code to bring a file to a realistic size: functions, control flow, literals.
  static func padding(_ n: Int, lines: Int) -> String {
    var out = "\nenum Helpers\(n) {\n"
    var count = 0
    var function = 0
    while count < lines {
      out += """
          /// Computes step \(function) of \(n).
          static func step\(function)(_ values: [Int]) -> Int {
            var total = 0
            for value in values where value % \(function + 2) == 0 {
              total += value &* \(function + 3)
            }
            return total > \(n) ? total : -total
          }

        """
      count += 9
      function += 1
    }
    return out + "}\n"
  }
}
