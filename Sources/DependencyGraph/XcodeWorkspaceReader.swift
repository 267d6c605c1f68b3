/// Reads the XML of a `contents.xcworkspacedata` into an `XcodeWorkspace`. Text only; nothing is
/// run and nothing is opened: what a location names is only written down.
///
/// The file is a small XML document: `<Workspace>` holding `<FileRef location="…">` and
/// `<Group location="…">` elements, groups nesting. The reader accepts that much XML (a
/// prolog, comments, attributes in either quote, the five predefined entities) and stops at
/// anything else with a warning naming the line. Locations are resolved as Xcode resolves them:
/// - `group:P`: relative to the enclosing group (the workspace's folder at the top);
/// - `container:P`: relative to the folder holding the `.xcworkspace`;
/// - `absolute:P`, and any path that climbs above the scanned root: never read, with a warning;
/// - `self:` (a project's own embedded workspace) and `developer:`: nothing of the tree.
///
/// Bounded: files over `maximumSize` bytes and nesting deeper than `maximumDepth` are refused.
package enum XcodeWorkspaceReader {
  /// A workspace of a few hundred projects is a few tens of kilobytes.
  package static let maximumSize = 4 << 20
  /// Groups nest a few levels in real workspaces.
  package static let maximumDepth = 32

  /// Reads the workspace whose `contents.xcworkspacedata` is at `path` (relative to the
  /// scanned root).
  package static func read(path: String, bytes: [UInt8]) -> XcodeWorkspace {
    var workspace = XcodeWorkspace(path: path)
    guard bytes.count <= maximumSize else {
      workspace.warnings.append("\(path): \(bytes.count) bytes, more than a workspace holds; not read")
      return workspace
    }
    // `App.xcworkspace/contents.xcworkspacedata` → the folder holding `App.xcworkspace`.
    let container = RelativePath.directory(of: RelativePath.directory(of: path))
    var parser = Parser(bytes: bytes)
    // The base folder of each open element; nil where a group's own location was refused, so
    // that nothing below it is read either.
    var bases: [String?] = [container]
    var seen: Set<String> = []
    do throws(Failure) {
      while let tag = try parser.nextTag() {
        if tag.isClosing {
          guard bases.count > 1 else { throw parser.failure("`</\(tag.name)>` closes nothing") }
          bases.removeLast()
          continue
        }
        guard bases.count <= maximumDepth else { throw parser.failure("nested more than \(maximumDepth) deep") }
        let base = bases.last!
        var resolved: String? = nil
        if tag.name == "FileRef" || tag.name == "Group", let location = tag.attributes["location"], let base {
          switch resolve(location, base: base, container: container) {
          case .path(let folder): resolved = folder
          case .outside(let why): workspace.warnings.append("\(path): line \(tag.line): \(why); not read")
          case .none: break
          }
        }
        if tag.name == "FileRef", let resolved, seen.insert(resolved).inserted {
          if resolved.hasSuffix(".xcodeproj") {
            workspace.projects.append(resolved)
          } else if !resolved.isEmpty {
            workspace.folders.append(resolved)
          }
        }
        if !tag.isEmpty {
          // A group without a location (or with `container:` alone) keeps its parent's folder.
          let groupBase: String? =
            tag.name == "Group" ? (tag.attributes["location"] == nil ? base : resolved) : base
          bases.append(groupBase)
        }
      }
      if bases.count > 1 { throw parser.failure("the file ends inside an element") }
    } catch {
      workspace.warnings.append("\(path): \(error); the rest of the workspace is not read")
    }
    return workspace
  }

  /// Where a location leads.
  enum Location: Equatable {
    /// A folder or project inside the scanned root.
    case path(String)
    /// Outside it (absolute, or climbing above the root): the reason, for the warning.
    case outside(String)
    /// Nothing of the tree (`self:`, `developer:`, an unknown kind).
    case none
  }

  /// `location` (`group:Core/Core.xcodeproj`) resolved against `base` (the enclosing group's
  /// folder) and `container` (the folder holding the workspace).
  static func resolve(_ location: String, base: String, container: String) -> Location {
    guard let colon = location.firstIndex(of: ":") else { return .none }
    let kind = location[..<colon]
    let rest = String(location[location.index(after: colon)...])
    switch kind {
    case "group": return join(base, rest, location)
    case "container": return join(container, rest, location)
    case "absolute": return .outside("location `\(location)` is an absolute path, outside the scanned tree")
    default: return .none
    }
  }

  private static func join(_ base: String, _ relative: String, _ location: String) -> Location {
    if relative.hasPrefix("/") {
      return .outside("location `\(location)` is an absolute path, outside the scanned tree")
    }
    var components: [Substring] = base.split(separator: "/")
    for part in relative.split(separator: "/") {
      if part == "." || part.isEmpty { continue }
      if part == ".." {
        guard !components.isEmpty else { return .outside("location `\(location)` leaves the scanned root") }
        components.removeLast()
        continue
      }
      components.append(part)
    }
    return .path(components.joined(separator: "/"))
  }

  /// Why the file could not be read, with the 1-based line.
  struct Failure: Error, CustomStringConvertible {
    var line: Int
    var reason: String
    var description: String { "line \(line): \(reason)" }
  }

  /// One start, end or empty-element tag.
  struct Tag {
    var name: String
    var attributes: [String: String]
    var isClosing: Bool
    /// `<FileRef … />`: opens nothing.
    var isEmpty: Bool
    var line: Int
  }

  /// The XML subset a workspace file uses, one tag at a time; text between tags is ignored.
  struct Parser {
    let bytes: [UInt8]
    var position = 0
    var line = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    func failure(_ reason: String) -> Failure { Failure(line: line, reason: reason) }

    mutating func advance() {
      if bytes[position] == 0x0A { line += 1 }
      position += 1
    }

    /// Moves past `terminator`, or fails with `reason` at the end of the file.
    mutating func skip(past terminator: [UInt8], _ reason: String) throws(Failure) {
      while position < bytes.count {
        if bytes[position] == terminator[0], bytes[position...].starts(with: terminator) {
          position += terminator.count
          return
        }
        advance()
      }
      throw failure(reason)
    }

    /// The next tag, or nil at the end of the file. Prolog, comments and text are passed over.
    mutating func nextTag() throws(Failure) -> Tag? {
      while position < bytes.count {
        guard bytes[position] == UInt8(ascii: "<") else {
          advance()
          continue
        }
        let rest = bytes[position...]
        if rest.starts(with: Array("<!--".utf8)) {
          try skip(past: Array("-->".utf8), "a `<!--` comment is never closed")
        } else if rest.starts(with: Array("<?".utf8)) {
          try skip(past: Array("?>".utf8), "a `<?` declaration is never closed")
        } else if rest.starts(with: Array("<!".utf8)) {
          throw failure("a `<!` declaration (DOCTYPE, CDATA) is not part of a workspace")
        } else {
          return try tag()
        }
      }
      return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: ":"):
        return true
      default: return false
      }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func skipSpace() {
      while position < bytes.count, Self.isSpace(bytes[position]) { advance() }
    }

    private mutating func name() throws(Failure) -> String {
      let start = position
      while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
      guard position > start else { throw failure("expected a name") }
      return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func tag() throws(Failure) -> Tag {
      let startLine = line
      position += 1
      var isClosing = false
      if position < bytes.count, bytes[position] == UInt8(ascii: "/") {
        isClosing = true
        position += 1
      }
      var tag = Tag(name: try name(), attributes: [:], isClosing: isClosing, isEmpty: false, line: startLine)
      while true {
        skipSpace()
        guard position < bytes.count else { throw failure("the file ends inside `<\(tag.name)`") }
        let byte = bytes[position]
        if byte == UInt8(ascii: ">") {
          position += 1
          return tag
        }
        if byte == UInt8(ascii: "/"), !isClosing, position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") {
          position += 2
          tag.isEmpty = true
          return tag
        }
        guard !isClosing else { throw failure("unexpected text in `</\(tag.name)>`") }
        let key = try name()
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
          throw failure("expected `=` after attribute `\(key)`")
        }
        position += 1
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else { throw failure("expected a quoted value for attribute `\(key)`") }
        let quote = bytes[position]
        position += 1
        let start = position
        while position < bytes.count, bytes[position] != quote {
          guard bytes[position] != UInt8(ascii: "<") else { throw failure("`<` inside the value of `\(key)`") }
          advance()
        }
        guard position < bytes.count else { throw failure("the file ends inside the value of `\(key)`") }
        tag.attributes[key] = Self.unescaped(bytes[start..<position])
        position += 1
      }
    }

    /// The five predefined entities and numeric references; anything else stays as written.
    static func unescaped(_ raw: ArraySlice<UInt8>) -> String {
      let text = String(decoding: raw, as: UTF8.self)
      guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
      var result = ""
      var rest = Substring(text)
      while let amp = rest.firstIndex(of: "&") {
        result += rest[..<amp]
        guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else {
          result += rest[amp...]
          return result
        }
        let entity = rest[rest.index(after: amp)..<semicolon]
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        if let value = named[String(entity)] {
          result += value
        } else if entity.hasPrefix("#"), let code = Self.number(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
          result.unicodeScalars.append(scalar)
        } else {
          result += rest[amp...semicolon]
        }
        rest = rest[rest.index(after: semicolon)...]
      }
      return result + rest
    }

    private static func number(_ text: Substring) -> UInt32? {
      text.hasPrefix("x") ? UInt32(text.dropFirst(), radix: 16) : UInt32(text)
    }
  }
}
