/// The public publisher API of the tree's library modules (`combine-api` findings there), so a
/// test of that API is told to keep testing it rather than to migrate it away.
///
/// Built in the global pass from the candidates; asked once per pipeline of a test module.
struct LibraryAPI: Sendable {
  /// One public declaration: its name, the last name of its declaring type ("" at file level),
  /// the module and `path:line`.
  struct Entry: Sendable {
    var name: String
    var type: String
    var module: String
    var place: String
  }

  /// The modules with a library product.
  private(set) var libraries: Set<String> = []
  /// Entries by name.
  private var entries: [String: [Entry]] = [:]
  /// Public API returning an async sequence, by declaring type path: `` `updates` (path:line) ``.
  private(set) var alternatives: [String: [String]] = [:]
  /// The library's operators (`extension Publisher` members) by name: a chain applying one
  /// anywhere tests it.
  private var operators: [String: [Entry]] = [:]

  /// No library API.
  init() {}

  /// The `combine-api` functions, properties and types of the files in `libraries`.
  init(files: [FileClassification], modules: [String?], libraries: Set<String>) {
    self.libraries = libraries
    guard !libraries.isEmpty else { return }
    for (file, module) in zip(files, modules) {
      guard let module, libraries.contains(module) else { continue }
      for candidate in file.candidates where candidate.category == .combineAPI {
        guard let key = candidate.key, let kind = key.first else { continue }
        if kind == "A" {
          alternatives[candidate.typePath, default: []].append(
            "`\(key.dropFirst())` at \(file.path):\(candidate.range.start.line)")
          continue
        }
        guard kind == "R" || kind == "P" || kind == "T" || kind == "S" || kind == "O" else { continue }
        var name = String(key.dropFirst())
        if kind == "T" || kind == "S", let dot = name.lastIndex(of: ".") {
          name = String(name[name.index(after: dot)...])
        }
        let type = candidate.typePath.split(separator: ".").last.map(String.init) ?? ""
        let entry = Entry(name: name, type: type, module: module, place: "\(file.path):\(candidate.range.start.line)")
        if kind == "O" { operators[name, default: []].append(entry) } else { entries[name, default: []].append(entry) }
      }
    }
  }

  /// The library declaration a test file exercises, for its Combine code that names none (a
  /// subject it feeds the API through, a pipeline over its test subscriber): the first chain of
  /// the file that tests one, else the first name of the API in name order, not a Combine word,
  /// that the file calls or reads.
  func tested(in file: FileClassification) -> Entry? {
    guard !entries.isEmpty || !operators.isEmpty else { return nil }
    for candidate in file.candidates where candidate.category == .operatorPipeline {
      if let entry = tested(by: candidate.matchText) { return entry }
    }
    // A name Combine spells too (`subscribe`, `map`) says nothing of whose it is.
    let used = (Array(entries.keys) + Array(operators.keys)).filter {
      !Self.vocabulary.contains($0) && !CombineVocabulary.isCombineCall($0) && file.facts.usedNames.contains($0)
    }
    return used.min().flatMap { operators[$0]?.first ?? entries[$0]?.first }
  }

  /// Names so common in Combine code that an unqualified use says nothing of whose it is.
  private static let vocabulary: Set<String> = ["publisher", "values", "sink", "assign", "eraseToAnyPublisher"]

  /// The library declaration a chain's source names, from its normalised text (`Defaults .
  /// publisher ( … ) . sink { … }`): the words before its first call or closure. A name matches
  /// when its qualifier is the declaring type (`Defaults.publisher`), or when it is unqualified
  /// or qualified by a value (`store.changes`) and not a Combine word.
  func tested(by matchText: String) -> Entry? {
    guard !entries.isEmpty || !operators.isEmpty else { return nil }
    let words = matchText.split(separator: " ", omittingEmptySubsequences: true)
    // `. amb (`, `. withLatestFrom (`: an operator call of the library, anywhere in the chain; so
    // is a method of its API on a value the chain made (`session.request(…).publishDecodable(…)`),
    // unless Combine spells an operator the same way. A Combine word counts when the chain starts
    // from the type that declares it (`ValueObservation . tracking ( … ) . publisher ( in: db )`):
    // the type's own factory made the value.
    let first = words.first.map(String.init) ?? ""
    for index in words.indices.dropFirst().dropLast()
    where words[index - 1] == "." && (words[index + 1] == "(" || words[index + 1] == "{") {
      let name = String(words[index])
      if Self.vocabulary.contains(name) {
        if let entry = entries[name]?.first(where: { $0.type == first }) { return entry }
        continue
      }
      if let entry = operators[name]?.first { return entry }
      if let entry = entries[name]?.first, !CombineVocabulary.asyncStreamCanFeed(name),
        !CombineVocabulary.keepOperators.contains(name)
      {
        return entry
      }
    }
    for (index, word) in words.enumerated() {
      if word == "(" || word == "{" { break }
      guard let candidates = entries[String(word)] else { continue }
      let qualifier = index >= 2 && words[index - 1] == "." ? String(words[index - 2]) : nil
      if let qualifier, let typed = candidates.first(where: { $0.type == qualifier }) { return typed }
      let isValue = qualifier.map { $0.first.map { !$0.isUppercase } ?? true } ?? true
      if isValue, !Self.vocabulary.contains(String(word)) { return candidates.first }
    }
    return nil
  }
}
