/// A strict JSON (RFC 8259) reader that hands out one value at a time from bytes read a chunk at
/// a time, so `migrate-scan diff` reads a report of any size in one pass and one chunk of memory.
///
/// RuleEngine's `JSONParser` builds the whole tree, with a position on every value, for error
/// messages in hand-written rules files; a 500 MB report would cost several times its size as a
/// tree. Here the caller walks the document (`beginObject`/`nextKey`, `beginArray`/`nextElement`,
/// `string`, `int`, …) and keeps only what it needs; whatever it does not want is passed over
/// with `skipValue`, which checks the syntax without keeping anything. The cost is one look at
/// every byte; memory is one chunk plus the longest string kept (`maximumStringLength`).
///
/// Positions count lines and UTF-8 byte columns from 1, for "OLD.json:12:5: expected ','" messages.
package struct JSONPullReader {
  /// Deeper input is refused: a report nests about eight levels.
  package static let maximumDepth = 512
  /// Longer strings are refused rather than kept: no field of a report comes near (a finding's
  /// message is one line), and a hostile file must not make the reader hold it whole.
  package static let maximumStringLength = 1 << 20

  /// What went wrong, and where.
  package struct Failure: Error, Equatable {
    package enum Problem: Equatable {
      /// The input stopped inside a value (a truncated file).
      case unexpectedEnd
      /// Something else was expected here (`"','"`, `"a string"`, `"an integer"`, …).
      case expected(String)
      case invalidUTF8
      case tooDeep
      case stringTooLong
      /// Bytes after the document's one value.
      case trailingContent
      /// Reading the input failed (the text of the system's error).
      case readFailed(String)
    }

    package var problem: Problem
    package var line: Int
    package var column: Int

    /// The problem in words, without the position.
    package var text: String {
      switch problem {
      case .unexpectedEnd: return "the file ends in the middle of a value"
      case .expected(let what): return "expected \(what)"
      case .invalidUTF8: return "invalid UTF-8 in a string"
      case .tooDeep: return "nested deeper than \(JSONPullReader.maximumDepth) levels"
      case .stringTooLong: return "a string longer than \(JSONPullReader.maximumStringLength) bytes"
      case .trailingContent: return "more content after the end of the document"
      case .readFailed(let reason): return "cannot read on: \(reason)"
      }
    }
  }

  /// The kind of the next value, from its first byte.
  package enum Kind: Equatable {
    case object, array, string, number, bool, null
  }

  /// Hands out the next chunk of input; `nil` or an empty chunk at the end. A read error is
  /// thrown as its text.
  package typealias Source = () throws(ReadError) -> [UInt8]?

  /// A failure of the source, worded by it.
  package struct ReadError: Error {
    package var reason: String
    package init(_ reason: String) { self.reason = reason }
  }

  private var buffer: [UInt8] = []
  private var index = 0
  private var atEnd = false
  /// Why the source stopped, when it failed.
  private var readFailure: String?
  private let source: Source
  /// The absolute offset of `buffer[0]`.
  private var bufferStart = 0
  /// Lines and the offset where the current one starts; newlines only occur between tokens in
  /// valid JSON (a string holds them escaped), so `skipWhitespace` is the one place that counts.
  private var line = 1
  private var lineStart = 0
  /// One entry per open container: true for an object.
  private var containers: [Bool] = []
  /// True right after `[` or `{`: the first entry needs no comma.
  private var first = false
  private var scratch: [UInt8] = []
  /// Bytes looked at and bytes peeked: the work counter the cost tests hold to linear growth.
  package private(set) var work = 0

  /// A reader of the chunks `source` hands out.
  package init(source: @escaping Source) {
    self.source = source
  }

  /// A reader of bytes already in memory, in chunks of `chunkSize` (tests use small ones to
  /// put every boundary inside a token).
  package init(bytes: [UInt8], chunkSize: Int = 1 << 20) {
    var offset = 0
    self.init { () throws(ReadError) -> [UInt8]? in
      guard offset < bytes.count else { return nil }
      let end = min(bytes.count, offset + max(1, chunkSize))
      defer { offset = end }
      return Array(bytes[offset..<end])
    }
  }

  // MARK: - Reading values

  /// The kind of the next value, after any whitespace.
  package mutating func peekKind() throws(Failure) -> Kind {
    skipWhitespace()
    guard let byte = try peek() else { throw failure(.unexpectedEnd) }
    switch byte {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: throw failure(.expected("a value"))
    }
  }

  /// Opens an object; then `nextKey()` until it returns nil.
  package mutating func beginObject() throws(Failure) {
    try open(UInt8(ascii: "{"), object: true)
  }

  /// The next key of the open object (the reader then stands before its value), or nil when the
  /// object closes.
  package mutating func nextKey() throws(Failure) -> String? {
    guard try nextEntry(close: UInt8(ascii: "}")) else { return nil }
    skipWhitespace()
    guard try peek() == UInt8(ascii: "\"") else {
      throw failure(try peek() == nil ? .unexpectedEnd : .expected("a key"))
    }
    let key = try readString()
    skipWhitespace()
    guard let colon = try peek() else { throw failure(.unexpectedEnd) }
    guard colon == UInt8(ascii: ":") else { throw failure(.expected("':'")) }
    index += 1
    return key
  }

  /// Opens an array; then `nextElement()` until it returns false.
  package mutating func beginArray() throws(Failure) {
    try open(UInt8(ascii: "["), object: false)
  }

  /// True when the open array has another element (the reader stands before it); false when it
  /// closes.
  package mutating func nextElement() throws(Failure) -> Bool {
    try nextEntry(close: UInt8(ascii: "]"))
  }

  /// A string value.
  package mutating func string() throws(Failure) -> String {
    guard try peekKind() == .string else { throw failure(.expected("a string")) }
    return try readString()
  }

  /// A string or `null`.
  package mutating func optionalString() throws(Failure) -> String? {
    if try peekKind() == .null {
      try literal("null")
      return nil
    }
    return try string()
  }

  /// An integer written without fraction or exponent, that fits an `Int`.
  package mutating func int() throws(Failure) -> Int {
    guard try peekKind() == .number else { throw failure(.expected("an integer")) }
    let (text, integral) = try readNumber()
    guard integral, let value = Int(text) else { throw failure(.expected("an integer")) }
    return value
  }

  /// `true` or `false`.
  package mutating func bool() throws(Failure) -> Bool {
    guard try peekKind() == .bool else { throw failure(.expected("true or false")) }
    if try peek() == UInt8(ascii: "t") {
      try literal("true")
      return true
    }
    try literal("false")
    return false
  }

  /// An array of strings.
  package mutating func strings() throws(Failure) -> [String] {
    var values: [String] = []
    try beginArray()
    while try nextElement() { values.append(try string()) }
    return values
  }

  /// Passes over the next value, whatever it is, checking its syntax and keeping nothing.
  /// Iterative, so its depth is bounded only by `maximumDepth`.
  package mutating func skipValue() throws(Failure) {
    let depth = containers.count
    repeat {
      if containers.count > depth {
        // Inside a container being skipped: its next entry, or its end.
        let isObject = containers[containers.count - 1]
        let more = isObject ? try nextKey() != nil : try nextElement()
        if !more { continue }
      }
      switch try peekKind() {
      case .object: try beginObject()
      case .array: try beginArray()
      case .string: try skipString()
      case .number: _ = try readNumber()
      case .bool: _ = try bool()
      case .null: try literal("null")
      }
    } while containers.count > depth
  }

  /// Where the next value starts (after any whitespace), for messages about it.
  package mutating func location() -> (line: Int, column: Int) {
    skipWhitespace()
    return (line, bufferStart + index - lineStart + 1)
  }

  /// Checks that nothing but whitespace follows the document's value.
  package mutating func end() throws(Failure) {
    skipWhitespace()
    if try peek() != nil { throw failure(.trailingContent) }
  }

  // MARK: - Containers

  private mutating func open(_ opener: UInt8, object: Bool) throws(Failure) {
    skipWhitespace()
    guard let byte = try peek() else { throw failure(.unexpectedEnd) }
    guard byte == opener else { throw failure(.expected(object ? "an object" : "an array")) }
    guard containers.count < Self.maximumDepth else { throw failure(.tooDeep) }
    index += 1
    containers.append(object)
    first = true
  }

  /// Past the comma before the next entry: true when there is one; false (past the closer) at
  /// the container's end.
  private mutating func nextEntry(close: UInt8) throws(Failure) -> Bool {
    skipWhitespace()
    guard let byte = try peek() else { throw failure(.unexpectedEnd) }
    if byte == close {
      index += 1
      containers.removeLast()
      first = false
      return false
    }
    if first {
      first = false
      return true
    }
    guard byte == UInt8(ascii: ",") else {
      throw failure(.expected(close == UInt8(ascii: "}") ? "',' or '}'" : "',' or ']'"))
    }
    index += 1
    return true
  }

  // MARK: - Scalars

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for expected in bytes {
      guard let byte = try peek() else { throw failure(.unexpectedEnd) }
      guard byte == expected else { throw failure(.expected("a value")) }
      index += 1
    }
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as text, and whether it is a plain
  /// integer.
  private mutating func readNumber() throws(Failure) -> (String, Bool) {
    var digits: [UInt8] = []
    var integral = true
    // The byte at the reader (`peek` has made it available) joins the number.
    func take() throws(Failure) {
      digits.append(buffer[index])
      index += 1
      guard digits.count <= 64 else { throw failure(.expected("a number of at most 64 characters")) }
    }
    if try peek() == UInt8(ascii: "-") { try take() }
    guard let lead = try peek(), isDigit(lead) else { throw failure(.expected("a digit")) }
    try take()
    if lead != UInt8(ascii: "0") { while let byte = try peek(), isDigit(byte) { try take() } }
    if try peek() == UInt8(ascii: ".") {
      integral = false
      try take()
      guard let digit = try peek(), isDigit(digit) else { throw failure(.expected("a digit")) }
      while let byte = try peek(), isDigit(byte) { try take() }
    }
    if let byte = try peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      integral = false
      try take()
      if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { try take() }
      guard let digit = try peek(), isDigit(digit) else { throw failure(.expected("a digit")) }
      while let byte = try peek(), isDigit(byte) { try take() }
    }
    return (String(decoding: digits, as: UTF8.self), integral)
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  /// The string at the reader (it stands on the opening quote), unescaped and checked as UTF-8.
  private mutating func readString() throws(Failure) -> String {
    scratch.removeAll(keepingCapacity: true)
    try scanString(keeping: true)
    guard let text = String(validating: scratch, as: UTF8.self) else { throw failure(.invalidUTF8) }
    return text
  }

  private mutating func skipString() throws(Failure) {
    scratch.removeAll(keepingCapacity: true)
    try scanString(keeping: false)
  }

  /// Reads a string's bytes into `scratch` (when `keeping`), runs between escapes at a time.
  /// A skipped string is still checked for escapes and control characters, not for UTF-8.
  private mutating func scanString(keeping: Bool) throws(Failure) {
    index += 1  // the opening quote
    var kept = 0
    while true {
      guard try peek() != nil else { throw failure(.unexpectedEnd) }
      // One run of plain bytes within the chunk.
      var end = index
      while end < buffer.count {
        let byte = buffer[end]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
        end += 1
      }
      if end > index {
        work += end - index
        kept += end - index
        guard kept <= Self.maximumStringLength else { throw failure(.stringTooLong) }
        if keeping { scratch.append(contentsOf: buffer[index..<end]) }
        index = end
        continue
      }
      let byte = buffer[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return
      }
      if byte < 0x20 { throw failure(.expected("'\"' before the end of the line (a control character in a string)")) }
      index += 1  // the backslash
      let scalar = try readEscape()
      if keeping { scratch.append(contentsOf: String(scalar).utf8) }
      kept += 4
    }
  }

  private mutating func readEscape() throws(Failure) -> Unicode.Scalar {
    guard let byte = try peek() else { throw failure(.unexpectedEnd) }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try readHex4()
      guard high >= 0xD800 && high < 0xDC00 else {
        guard let scalar = Unicode.Scalar(high) else { throw failure(.expected("a valid \\u escape")) }
        return scalar
      }
      // A high surrogate must be followed by `\uDC00`–`\uDFFF`, the pair making one scalar.
      guard try peek() == UInt8(ascii: "\\") else { throw failure(.expected("a low surrogate escape")) }
      index += 1
      guard try peek() == UInt8(ascii: "u") else { throw failure(.expected("a low surrogate escape")) }
      index += 1
      let low = try readHex4()
      guard low >= 0xDC00 && low < 0xE000,
        let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
      else { throw failure(.expected("a low surrogate escape")) }
      return scalar
    default:
      throw failure(.expected("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)"))
    }
  }

  private mutating func readHex4() throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = try peek() else { throw failure(.unexpectedEnd) }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure(.expected("four hex digits"))
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  // MARK: - Bytes

  /// The byte at the reader, reading the next chunk when this one is used up; nil at the end.
  private mutating func peek() throws(Failure) -> UInt8? {
    work += 1
    if index == buffer.count { refill() }
    if index < buffer.count { return buffer[index] }
    if let readFailure { throw failure(.readFailed(readFailure)) }
    return nil
  }

  /// Takes the next chunk; a failed read ends the input, and `peek` reports it.
  private mutating func refill() {
    guard !atEnd else { return }
    var chunk: [UInt8]? = nil
    do {
      chunk = try source()
    } catch {
      readFailure = error.reason
    }
    bufferStart += buffer.count
    index = 0
    buffer = chunk ?? []
    if buffer.isEmpty { atEnd = true }
  }

  private mutating func skipWhitespace() {
    while true {
      if index == buffer.count {
        refill()
        guard index < buffer.count else { return }
      }
      let byte = buffer[index]
      work += 1
      if byte == UInt8(ascii: "\n") {
        line += 1
        lineStart = bufferStart + index + 1
      } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") {
        return
      }
      index += 1
    }
  }

  private func failure(_ problem: Failure.Problem) -> Failure {
    Failure(problem: problem, line: line, column: bufferStart + index - lineStart + 1)
  }
}
