extension String {
  /// The index of the last `byte` in the UTF-8 view before `end` (the whole string when nil).
  ///
  /// Searched in the string's contiguous bytes: `utf8.lastIndex(of:)` steps back through the
  /// generic view one index at a time, several hundred instructions for a short type name, and
  /// the graph and the classifier ask this of every qualified name and path (1.5% of a scan).
  package func lastIndex(ofUTF8 byte: UInt8, before end: String.Index? = nil) -> String.Index? {
    let utf8 = self.utf8
    let limit = end.map { utf8.distance(from: utf8.startIndex, to: $0) } ?? utf8.count
    let offset = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      var index = limit
      while index > 0 {
        index -= 1
        if bytes[index] == byte { return index }
      }
      return nil
    }
    guard let offset else { return utf8[..<(end ?? utf8.endIndex)].lastIndex(of: byte) }
    return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) }
  }

  /// The index of the first `byte` in the UTF-8 view, searched the same way as
  /// `lastIndex(ofUTF8:before:)` (the planner asks it of every type name a file mentions).
  package func firstIndex(ofUTF8 byte: UInt8) -> String.Index? {
    let utf8 = self.utf8
    let offset = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      for index in 0..<bytes.count where bytes[index] == byte { return index }
      return nil
    }
    guard let offset else { return utf8.firstIndex(of: byte) }
    return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) }
  }

  /// What follows the last `separator` byte (`Inner` of `Outer.Inner`, `File.swift` of
  /// `Sources/File.swift`), or the whole string when there is none.
  ///
  /// `separator` must be ASCII: then the cut falls between characters (no identifier or path
  /// component starts with a combining mark after a `.` or `/` it could join).
  package func afterLast(_ separator: UInt8) -> String {
    guard let cut = lastIndex(ofUTF8: separator) else { return self }
    return String(self[utf8.index(after: cut)...])
  }
}
