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
package struct JSONOutput: ~Copyable {
  /// The document so far (its first `used` bytes), UTF-8.
  ///
  /// A buffer of its own rather than a `[UInt8]`: a report is millions of appends of a byte or
  /// a few, and each `Array.append(contentsOf:)` checked uniqueness and capacity and went
  /// through a generic copy, some 90 instructions for a two-space indent.
  private var base: UnsafeMutablePointer<UInt8>
  /// How many bytes of `base` hold the document. (Not `count`: `elements(count:…)` has a
  /// parameter of that name, and a flush test that read it instead never flushed.)
  private var used = 0
  private var capacity: Int
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
    self.capacity = Swift.max(capacity, 256)
    base = .allocate(capacity: self.capacity)
    sink = nil
    flushSize = .max
  }

  /// An empty document whose bytes go to `sink` in chunks of about `chunkSize`, in order, so a
  /// report of any size costs one chunk of memory (a 43 MB report cost three copies of itself).
  package init(streamingTo sink: @escaping ([UInt8]) -> Void, chunkSize: Int = 1 << 20) {
    capacity = chunkSize + 4096
    base = .allocate(capacity: capacity)
    self.sink = sink
    flushSize = chunkSize
  }

  deinit { base.deallocate() }

  /// The document so far, UTF-8.
  package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: used)) }

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
    append(UInt8(ascii: "\n"))
    return String(decoding: UnsafeBufferPointer(start: base, count: used), as: UTF8.self)
  }

  /// Ends a streamed document: the final newline and the last chunk go to the sink.
  package mutating func finishStream() {
    append(UInt8(ascii: "\n"))
    flush()
  }

  private mutating func flush() {
    guard let sink, used > 0 else { return }
    sink(bytes)
    used = 0
  }

  // MARK: - Bytes

  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if capacity &- used < extra { grow(extra) }
  }

  private mutating func grow(_ extra: Int) {
    let larger = Swift.max(capacity * 2, used + extra)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.initialize(from: base, count: used)
    base.deallocate()
    base = moved
    capacity = larger
  }

  @inline(__always)
  private mutating func append(_ byte: UInt8) {
    reserve(1)
    base[used] = byte
    used &+= 1
  }

  private mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  @inline(__always)
  private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let source = buffer.baseAddress else { return }
    reserve(buffer.count)
    (base + used).initialize(from: source, count: buffer.count)
    used &+= buffer.count
  }

  // MARK: - Containers

  /// Opens an object; entries follow as `key(_:)` then a value.
  package mutating func beginObject() {
    append(UInt8(ascii: "{"))
    depth += 1
    empty = true
  }

  /// Closes the open object.
  package mutating func endObject() { close(UInt8(ascii: "}")) }

  /// Opens an array; values follow, each after `element()`.
  package mutating func beginArray() {
    append(UInt8(ascii: "["))
    depth += 1
    empty = true
  }

  /// Closes the open array.
  package mutating func endArray() { close(UInt8(ascii: "]")) }

  private mutating func close(_ closer: UInt8) {
    depth -= 1
    if !empty {
      append(UInt8(ascii: "\n"))
      appendIndent(depth)
    }
    append(closer)
    // The container just closed is a value of its parent, which is therefore not empty.
    empty = false
  }

  /// Starts the next entry of the open container: separator, newline and indentation.
  @inline(__always)
  private mutating func entry() {
    entry(reserving: 0)
  }

  /// `entry()`, with room for `extra` more bytes after it: one capacity check for a member's
  /// whole `,\n    "key": ` rather than one per byte.
  @inline(__always)
  private mutating func entry(reserving extra: Int) {
    if used >= flushSize { flush() }
    let width = depth &* 2
    // `spaces` may write seven bytes past the indent: reserved here, overwritten next.
    reserve(width &+ extra &+ 10)
    var cursor = base + used
    if !empty {
      cursor.pointee = UInt8(ascii: ",")
      cursor += 1
    }
    cursor.pointee = UInt8(ascii: "\n")
    cursor += 1
    JSONOutput.spaces(width, at: cursor)
    used = cursor + width - base
    empty = false
  }

  private mutating func appendIndent(_ level: Int) {
    let width = level &* 2
    reserve(width &+ 8)
    JSONOutput.spaces(width, at: base + used)
    used &+= width
  }

  /// `width` spaces at `cursor`, eight per store: the last store may write up to seven bytes
  /// past them, so the callers reserve `width` + 7 at least and overwrite those bytes next.
  @inline(__always)
  private static func spaces(_ width: Int, at cursor: UnsafeMutablePointer<UInt8>) {
    var written = 0
    while written < width {
      UnsafeMutableRawPointer(cursor + written).storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
      written &+= 8
    }
  }

  /// Starts an object member: `"key": `; the value must follow.
  package mutating func key(_ key: StaticString) {
    key.withUTF8Buffer { name in
      entry(reserving: name.count &+ 4)
      var cursor = base + used
      cursor.pointee = UInt8(ascii: "\"")
      cursor += 1
      // Static keys are ours and plain ASCII identifiers: nothing in them needs escaping.
      for byte in name {
        cursor.pointee = byte
        cursor += 1
      }
      cursor[0] = UInt8(ascii: "\"")
      cursor[1] = UInt8(ascii: ":")
      cursor[2] = UInt8(ascii: " ")
      used = cursor + 3 - base
    }
  }

  /// Starts an object member whose key is data (a category name, a base id).
  ///
  /// Labelled so that a literal key picks the `StaticString` overload: an unlabelled `String`
  /// one would win, as `String` is the default literal type.
  package mutating func key(text key: String) {
    entry()
    appendQuoted(key)
    append(UInt8(ascii: ":"))
    append(UInt8(ascii: " "))
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
        if used >= flushSize { flush() }
        part.withUnsafeBufferPointer { append($0) }
      }
      self.empty = false
      start += batches * batch
    }
  }

  // MARK: - Scalars

  /// `null`.
  package mutating func null() {
    append(StaticString("null"))
  }

  /// `true` or `false`.
  package mutating func bool(_ flag: Bool) {
    append(flag ? StaticString("true") : StaticString("false"))
  }

  /// A decimal integer, as `String(number)` writes it.
  package mutating func int(_ number: Int) {
    if number >= 0 && number < 10 {
      append(UInt8(ascii: "0") + UInt8(number))
      return
    }
    // Digits right to left into a small buffer: `String(number)` made a string per line number.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      var magnitude = number.magnitude
      var start = buffer.count
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if number < 0 {
        start -= 1
        buffer[start] = UInt8(ascii: "-")
      }
      append(UnsafeBufferPointer(rebasing: buffer[start...]))
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
    append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      var index = 0
      let count = utf8.count
      // Bytes before this are looked at one by one: the eight after a word that failed the test.
      var byteWiseUntil = 0
      while index < count {
        if index >= byteWiseUntil {
          // Eight bytes at a time while none of them can need an escape: most of a report's
          // text is plain ASCII prose and paths.
          while index &+ 8 <= count, !JSONOutput.mayNeedEscape(UnsafeRawPointer(utf8.baseAddress! + index)) {
            index &+= 8
          }
          guard index < count else { break }
          byteWiseUntil = index &+ 8
        }
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
        if runStart < index { append(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
        append(UInt8(ascii: "\\"))
        if short != 0 {
          append(short)
        } else {
          append(UInt8(ascii: "u"))
          for shift in stride(from: 12, through: 0, by: -4) {
            append(Self.hexDigits[Int((codePoint >> UInt32(shift)) & 0xF)])
          }
        }
        index += length
        runStart = index
      }
      if runStart < count { append(UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
    }
    append(UInt8(ascii: "\""))
  }

  /// Whether any of the eight bytes at `pointer` is one `appendQuoted` must look at: a byte
  /// below 0x20 or above 0x7E, `"`, `\` or `[` (the word tests of "Bit Twiddling Hacks": a byte
  /// equal to `c` is a zero byte of `word ^ c`, found by the borrow it takes). A false "yes"
  /// only sends the word to the byte-wise check; a false "no" is impossible.
  @inline(__always)
  static func mayNeedEscape(_ pointer: UnsafeRawPointer) -> Bool {
    let word = pointer.loadUnaligned(as: UInt64.self)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let below = (word &- ones &* 0x20) & ~word & highs
    let special =
      zeroByte(word ^ (ones &* 0x22)) | zeroByte(word ^ (ones &* 0x5C)) | zeroByte(word ^ (ones &* 0x5B))
      | zeroByte(word ^ (ones &* 0x7F))
    return (word & highs) | below | special != 0
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
