import MigrateScanTestSupport
import ScanModel
import Testing

@testable import MigrateScanKit

/// The scan builds one symbol table and both the graph and the classifier read it: a name means
/// the same declarations to both.
@Suite struct SharedSymbolTableTests {
  private static func findings(_ files: [String: String]) throws -> [Finding] {
    let catalog = try ScanSession.loadCatalog(invocation: Invocation(), configuration: Configuration())
    let scanner = Scanner(catalog: catalog)
    let analyses = files.sorted { $0.key < $1.key }.map { scanner.analyze(path: $0.key, bytes: Array($0.value.utf8)) }
    return scanner.finish(analyses, moduleMap: .init(), planBuilder: PlanBuilder()).findings
  }

  /// A type declared inside a function is local: no other file can name it, so a `struct Future`
  /// in one function does not make the module's other `Future`s someone else's. Each file's own
  /// facts list it, and when they were the classifier's table the wrapper beside it was missed.
  @Test func aLocalTypeDoesNotShadowCombineInOtherFiles() throws {
    let found = try Self.findings([
      "Sources/App/Local.swift": """
      func makeRows() -> Int {
        struct Future { var value = 1 }
        return Future().value
      }
      """,
      "Sources/App/Wrapper.swift": """
      import Combine

      func fetch() async throws -> Int { 1 }

      func load() -> AnyPublisher<Int, Error> {
        Future { promise in
          Task {
            do { promise(.success(try await fetch())) } catch { promise(.failure(error)) }
          }
        }
        .eraseToAnyPublisher()
      }
      """,
    ])
    #expect(
      found.map { "\($0.category.rawValue) \($0.file):\($0.range.start.line)" } == [
        "future-task-wrapper Sources/App/Wrapper.swift:6"
      ])
  }

  /// A top-level `Future` of the module is the module's own, even where Combine is imported: the
  /// wrapper-shaped code is not Combine's, as before.
  @Test func aTopLevelTypeOfTheModuleStillShadows() throws {
    let found = try Self.findings([
      "Sources/App/Future.swift": """
      struct Future<Value> {
        init(_ body: (@escaping (Value) -> Void) -> Void) {}
      }
      """,
      "Sources/App/Wrapper.swift": """
      import Combine

      func load() -> Future<Int> {
        Future { promise in
          Task { promise(1) }
        }
      }
      """,
    ])
    #expect(!found.contains { $0.category == .futureTaskWrapper })
  }
}
