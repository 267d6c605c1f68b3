import ParallelWork

/// A streaming JSON writer into a byte buffer, with the same layout as `JSONWriter`.
///
/// The JSON and SARIF reports of a large scan hold tens of thousands of findings. Building a
/// `JSONValue` tree for them and then appending each Unicode scalar to a `String` cost a fifth of
/// a whole scan, so the reports write here instead: containers are opened and closed as they
/// are walked, and strings are copied as UTF-8 byte runs, escaping only the few bytes that need
/// it. `JSONWriter.write` goes through this type too, so both paths give the same bytes.
///
/// Layout (fixed, pinned by goldens): two-space indentation, `"key": value`, one member or
/// element per line, `[]` and `{}` for empty containers.
package struct JSONOutput {
  /// The document so far, UTF-8.
  package private(set) var bytes: [UInt8] = []
  /// The nesting depth of the open container.
  private var depth = 0
  /// True while the open container has no member or element yet (so it may still close as
  /// `{}` or `[]`, and the first entry needs no comma).
  private var empty = false

  /// Where a streamed document's bytes go, a chunk at a time; nil keeps the whole document.
  private let sink: (([UInt8]) -> Void)?
  /// The buffered size at which the next entry first hands the buffer to `sink`.
  private let flushSize: Int

  /// An empty document with room for `capacity` bytes, kept whole until `finish()`.
  package init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
    sink = nil
    flushSize = .max
  }

  /// An empty document whose bytes go to `sink` in chunks of about `chunkSize`, in order, so a
  /// report of any size costs one chunk of memory (a 43 MB report cost three copies of itself).
  package init(streamingTo sink: @escaping ([UInt8]) -> Void, chunkSize: Int = 1 << 20) {
    bytes.reserveCapacity(chunkSize + 4096)
    self.sink = sink
    flushSize = chunkSize
  }

  /// The document `write` produces, whole, with a final newline.
  package static func document(capacity: Int, _ write: (inout JSONOutput) -> Void) -> String {
    var output = JSONOutput(capacity: capacity)
    write(&output)
    return output.finish()
  }

  /// The document `write` produces, handed to `sink` in chunks of about `chunkSize`, in order:
  /// the bytes `document` gives.
  package static func stream(
    chunkSize: Int, to sink: @escaping ([UInt8]) -> Void, _ write: (inout JSONOutput) -> Void
  ) {
    var output = JSONOutput(streamingTo: sink, chunkSize: chunkSize)
    write(&output)
    output.finishStream()
  }

  /// The document as a `String`, with a final newline added.
  package consuming func finish() -> String {
    bytes.append(UInt8(ascii: "\n"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Ends a streamed document: the final newline and the last chunk go to the sink.
  package mutating func finishStream() {
    bytes.append(UInt8(ascii: "\n"))
    flush()
  }

  private mutating func flush() {
    guard let sink, !bytes.isEmpty else { return }
    sink(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  // MARK: - Containers

  /// Opens an object; entries follow as `key(_:)` then a value.
  package mutating func beginObject() {
    bytes.append(UInt8(ascii: "{"))
    depth += 1
    empty = true
  }

  /// Closes the open object.
  package mutating func endObject() { close(UInt8(ascii: "}")) }

  /// Opens an array; values follow, each after `element()`.
  package mutating func beginArray() {
    bytes.append(UInt8(ascii: "["))
    depth += 1
    empty = true
  }

  /// Closes the open array.
  package mutating func endArray() { close(UInt8(ascii: "]")) }

  private mutating func close(_ closer: UInt8) {
    depth -= 1
    if !empty {
      bytes.append(UInt8(ascii: "\n"))
      appendIndent(depth)
    }
    bytes.append(closer)
    // The container just closed is a value of its parent, which is therefore not empty.
    empty = false
  }

  /// Starts the next entry of the open container: separator, newline and indentation.
  @inline(__always)
  private mutating func entry() {
    if bytes.count >= flushSize { flush() }
    if empty {
      bytes.append(UInt8(ascii: "\n"))
    } else {
      bytes.append(UInt8(ascii: ","))
      bytes.append(UInt8(ascii: "\n"))
    }
    empty = false
    appendIndent(depth)
  }

  private mutating func appendIndent(_ level: Int) {
    var remaining = level * 2
    while remaining > 0 {
      let chunk = min(remaining, Self.spaces.count)
      bytes.append(contentsOf: Self.spaces[..<chunk])
      remaining -= chunk
    }
  }

  /// Indentation is copied from here in one go rather than a space at a time.
  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 32)

  /// Starts an object member: `"key": `; the value must follow.
  package mutating func key(_ key: StaticString) {
    entry()
    bytes.append(UInt8(ascii: "\""))
    // Static keys are ours and plain ASCII identifiers: nothing in them needs escaping.
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    bytes.append(UInt8(ascii: " "))
  }

  /// Starts an object member whose key is data (a category name, a base id).
  ///
  /// Labelled so that a literal key picks the `StaticString` overload: an unlabelled `String`
  /// one would win, as `String` is the default literal type.
  package mutating func key(text key: String) {
    entry()
    appendQuoted(key)
    bytes.append(UInt8(ascii: ":"))
    bytes.append(UInt8(ascii: " "))
  }

  /// Starts the next array element; the value must follow.
  package mutating func element() { entry() }

  /// Appends `count` elements to the open array, element `index` written by `write(index, &$0)`
  /// after its `element()`: the bytes of that loop, for any `jobs`.
  ///
  /// With several jobs, runs of `batch` elements are rendered side by side into buffers of their
  /// own at the array's depth, a few per thread at a time, and appended in order: a report's
  /// findings are most of its bytes, and one thread wrote them while the other sat idle. Only
  /// those few buffers are ever held, so a streamed document still costs about one chunk.
  package mutating func elements(
    count: Int, jobs: Int, batch: Int = 512, _ write: @Sendable (Int, inout JSONOutput) -> Void
  ) {
    guard jobs > 1, count > batch else {
      for index in 0..<count {
        entry()
        write(index, &self)
      }
      return
    }
    var start = 0
    while start < count {
      let batches = min(jobs * 2, (count - start + batch - 1) / batch)
      let (depth, empty, first) = (self.depth, self.empty, start)
      let parts = ParallelChunks.map(count: batches, jobs: jobs, minimumChunk: 1) { part -> [UInt8] in
        var output = JSONOutput(capacity: batch * 1024)
        output.depth = depth
        // Only the array's first element goes without a comma.
        output.empty = part == 0 && empty
        for index in first + part * batch..<min(count, first + (part + 1) * batch) {
          output.entry()
          write(index, &output)
        }
        return output.bytes
      }
      for part in parts {
        if bytes.count >= flushSize { flush() }
        bytes.append(contentsOf: part)
      }
      self.empty = false
      start += batches * batch
    }
  }

  // MARK: - Scalars

  /// `null`.
  package mutating func null() {
    bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
  }

  /// `true` or `false`.
  package mutating func bool(_ flag: Bool) {
    if flag {
      bytes.append(contentsOf: [UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")])
    } else {
      bytes.append(contentsOf: [
        UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e"),
      ])
    }
  }

  /// A decimal integer, as `String(number)` writes it.
  package mutating func int(_ number: Int) {
    if number >= 0 && number < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(number))
    } else {
      // A report's integers fit a small (inline) string, so this does not allocate.
      bytes.append(contentsOf: String(number).utf8)
    }
  }

  /// A string literal, or `null` for `nil`.
  package mutating func string(_ text: String?) {
    guard let text else { return null() }
    appendQuoted(text)
  }

  /// An array of string literals.
  package mutating func strings(_ values: [String]) {
    beginArray()
    for value in values {
      element()
      appendQuoted(value)
    }
    endArray()
  }

  // MARK: - Escaping

  /// `text` as a JSON string literal, quotes included (the rules are on `JSONWriter.quote`).
  ///
  /// Runs of bytes that need no escape are copied whole. Only `"`, `\`, C0 controls, DEL, `[`
  /// and the lead byte 0xE2 of U+2028/U+2029 stop a run; an 0xE2 that starts some other
  /// character, and a `[` that does not follow `##`, are copied as they are.
  package mutating func appendQuoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      var index = 0
      let count = utf8.count
      while index < count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2 || byte == 0x5B else {
          index += 1
          continue
        }
        var escape: (UInt8, UInt32)? = nil  // (short form or 0, code point for \u)
        var length = 1
        switch byte {
        case UInt8(ascii: "\""): escape = (UInt8(ascii: "\""), 0)
        case UInt8(ascii: "\\"): escape = (UInt8(ascii: "\\"), 0)
        case UInt8(ascii: "\n"): escape = (UInt8(ascii: "n"), 0)
        case UInt8(ascii: "\r"): escape = (UInt8(ascii: "r"), 0)
        case UInt8(ascii: "\t"): escape = (UInt8(ascii: "t"), 0)
        case 0x08: escape = (UInt8(ascii: "b"), 0)
        case 0x0C: escape = (UInt8(ascii: "f"), 0)
        case 0xE2:
          // U+2028 is E2 80 A8, U+2029 is E2 80 A9.
          if index + 2 < count, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9 {
            escape = (0, utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
            length = 3
          }
        case UInt8(ascii: "["):
          // `##[` anywhere in a line is a GitHub runner command (its older syntax); a report
          // printed in a CI log must not hold one, so its `[` is written `\u005b`.
          if index >= 2, utf8[index - 1] == UInt8(ascii: "#"), utf8[index - 2] == UInt8(ascii: "#") {
            escape = (0, 0x5B)
          }
        default: escape = (0, UInt32(byte))
        }
        guard let (short, codePoint) = escape else {
          index += 1
          continue
        }
        if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
        bytes.append(UInt8(ascii: "\\"))
        if short != 0 {
          bytes.append(short)
        } else {
          bytes.append(UInt8(ascii: "u"))
          for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(Self.hexDigits[Int((codePoint >> UInt32(shift)) & 0xF)])
          }
        }
        index += length
        runStart = index
      }
      if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
