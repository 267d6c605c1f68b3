import ScanModel
import SwiftLexer
import Testing

@testable import Classify

/// Subjects of one name declared by many types: each subject looks only at the uses that can be
/// its own, so the work grows with the tree, not with subjects × uses.
@Suite struct SubjectConsumersScalingTests {
  /// The symbol table of `files(count)`.
  static func symbols(_ count: Int) -> SymbolTable {
    let files = files(count)
    return TreeFacts.symbols(of: files, modules: files.map { _ in nil })
  }

  /// `count` view models, each with its own `events` subject used in its own type and read by a
  /// screen through a typed property.
  static func files(_ count: Int) -> [FileClassification] {
    (0..<count).map { index in
      let source = """
        import Combine
        final class Model\(index) {
          let events = PassthroughSubject<Int, Never>()
          func start() { events.sink { _ in }.cancel() }
        }
        final class Screen\(index) {
          let model: Model\(index) = Model\(index)()
          func bind() { model.events.sink { _ in }.cancel() }
        }
        """
      return FileClassifier.classify(
        stream: Lexer.tokenize(Array(source.utf8)), path: "Sources/App/File\(index).swift", patternHits: [],
        detectorRules: Support.allRules.filter { $0.detector == "subject" })
    }
  }

  @Test func doublingTheTypesAtMostDoublesTheUsesVisited() {
    let small = SubjectConsumers(files: Self.files(200), symbols: Self.symbols(200)).visitedUses
    let large = SubjectConsumers(files: Self.files(400), symbols: Self.symbols(400)).visitedUses
    #expect(small > 0)
    #expect(large <= 2 * small + 8, "visited \(small) uses for 200 types, \(large) for 400")
  }

  @Test func eachSubjectStillFindsItsOwnScreen() {
    let files = Self.files(3)
    let consumers = SubjectConsumers(
      files: files, symbols: TreeFacts.symbols(of: files, modules: files.map { _ in nil }))
    for file in files {
      for subject in file.facts.subjects {
        let result = consumers.result(for: subject, in: file.path)
        #expect(result.consumers.count == 2, "\(file.path): \(result.consumers)")
        #expect(result.ambiguous.isEmpty)
      }
    }
  }
}
