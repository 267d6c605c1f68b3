import ScanModel

extension GitRepository {
  /// A file in a commit's tree, as `git ls-tree -l` lists it.
  package struct TreeEntry: Sendable, Equatable {
    package var objectID: String
    package var size: Int
  }

  /// The contents of `path` at `revision` (`""` names the index, as in `git show :path`), or nil
  /// when the file does not exist there. `revision` is an object id or `HEAD`, never a user's
  /// string: the object name is one argument that starts with it.
  package func contents(of path: String, at revision: String) -> [UInt8]? {
    blob(named: "\(revision):\(path)")
  }

  /// The blob an object name gives (`<rev>:<path>`, `:<path>` or an object id), raw: `cat-file`
  /// applies no filter and no textconv.
  private func blob(named name: String) -> [UInt8]? {
    let result = git(["cat-file", "blob", name])
    return result.status == 0 ? result.output : nil
  }

  /// The contents of many `(path, revision)` pairs at once, each as `contents(of:at:)` gives it.
  ///
  /// One `git cat-file --batch` answers them all: a pre-commit check of ten files otherwise
  /// starts twenty git processes, which cost more than the analysis.
  package func contents(of requests: [(path: String, revision: String)]) -> [[UInt8]?] {
    blobs(named: requests.map { "\($0.revision):\($0.path)" })
  }

  /// The blobs many object names give, in order, each as `blob(named:)` gives it.
  func blobs(named names: [String]) -> [[UInt8]?] {
    // A batch request is one line, so a name holding a newline goes through `cat-file blob`.
    let batched = names.indices.filter { !names[$0].contains("\n") }
    var results = [[UInt8]?](repeating: nil, count: names.count)
    if !batched.isEmpty {
      // The path after `<rev>:` goes back to its own bytes (`FileName`), so a name that is not
      // UTF-8 is found as itself.
      var input: [UInt8] = []
      for index in batched {
        let name = names[index]
        if let colon = name.firstIndex(of: ":") {
          input += Array(name[...colon].utf8) + FileName.bytes(String(name[name.index(after: colon)...]))
        } else {
          input += Array(name.utf8)
        }
        input.append(0x0A)
      }
      let result = git(["cat-file", "--batch"], input: input)
      var reader = result.status == 0 ? BatchReader(result.output) : nil
      for index in batched { results[index] = reader?.next() ?? nil }
      if reader == nil || reader?.failed == true {
        for index in batched { results[index] = blob(named: names[index]) }
      }
    }
    for index in names.indices where names[index].contains("\n") { results[index] = blob(named: names[index]) }
    return results
  }

  /// The regular files (modes 100644 and 100755) of `commit`'s whole tree whose path ends in
  /// `.swift` (or names a project file, `GitRepository.comparedPathspecs`), with their blob ids
  /// and sizes. Symbolic links and submodules are left out.
  func comparedFiles(inTree commit: String) throws(CLIError) -> [String: TreeEntry] {
    let result = git(["ls-tree", "-r", "-z", "-l", "--full-tree", commit])
    guard result.status == 0 else { throw .runtime("git ls-tree failed in '\(topLevel)': \(result.errorText)") }
    var entries: [String: TreeEntry] = [:]
    // `<mode> SP <type> SP <object> SP+ <size> TAB <path> NUL`
    for record in result.output.split(separator: 0) {
      guard let tab = record.firstIndex(of: 0x09) else { continue }
      let fields = record[..<tab].split(separator: 0x20)
      let path = FileName.text(Array(record[(tab + 1)...]))
      guard fields.count == 4, GitRepository.isCompared(path),
        fields[0].elementsEqual("100644".utf8) || fields[0].elementsEqual("100755".utf8),
        let size = Int(String(decoding: fields[3], as: UTF8.self))
      else { continue }
      entries[path] = TreeEntry(objectID: String(decoding: fields[2], as: UTF8.self), size: size)
    }
    return entries
  }

  /// The paths of the index that end in `.swift` or name a project file (`git ls-files`, which
  /// reads the index only).
  func comparedFilesInIndex() throws(CLIError) -> [String] {
    let result = git(["ls-files", "-z", "--cached", "--"] + GitRepository.comparedPathspecs)
    guard result.status == 0 else { throw .runtime("git ls-files failed in '\(topLevel)': \(result.errorText)") }
    return result.output.split(separator: 0).map { FileName.text(Array($0)) }
  }

  /// Reads `git cat-file --batch` answers: `<object> <type> <size>\n<bytes>\n`, or
  /// `<request> missing\n` (or `ambiguous`) for one that names nothing.
  private struct BatchReader {
    let bytes: [UInt8]
    var position = 0
    /// True when the output did not have the expected shape.
    var failed = false

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next answer: the blob's bytes, or nil for a missing object or a non-blob.
    mutating func next() -> [UInt8]? {
      guard !failed, let newline = bytes[position...].firstIndex(of: 0x0A) else {
        failed = true
        return nil
      }
      let header = bytes[position..<newline].split(separator: 0x20)
      position = newline + 1
      guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)) else {
        // `missing` and `ambiguous` answers have no body.
        if let last = header.last, last.elementsEqual("missing".utf8) || last.elementsEqual("ambiguous".utf8) {
          return nil
        }
        failed = true
        return nil
      }
      guard position + size <= bytes.count else {
        failed = true
        return nil
      }
      let body = Array(bytes[position..<position + size])
      position += size + 1
      return header[1].elementsEqual("blob".utf8) ? body : nil
    }
  }
}
