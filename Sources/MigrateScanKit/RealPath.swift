#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths with every symbolic link, `.` and `..` resolved, as raw bytes (names need not be UTF-8).
package enum RealPath {
  /// The resolved absolute path of `path`, or nil when some part of it does not exist (a
  /// broken link) or cannot be searched.
  package static func resolve(_ path: [UInt8]) -> [UInt8]? {
    var terminated = path
    terminated.append(0)
    let resolved = terminated.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { realpath($0, nil) }
    }
    guard let resolved else { return nil }
    defer { free(resolved) }
    return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
  }

  /// The resolved absolute path of `path`, as text (nil as for `resolve(_:)`).
  package static func resolve(_ path: String) -> String? {
    resolve(Array(path.utf8)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// `path` relative to `root` when it is `root` or inside it (both resolved), else nil: `""`
  /// for the root itself.
  package static func relative(_ path: [UInt8], inside root: [UInt8]) -> ArraySlice<UInt8>? {
    if path == root { return [] }
    let slash = UInt8(ascii: "/")
    // The root `/` holds everything; any other root holds only paths that continue with a `/`.
    if root == [slash] { return path.first == slash ? path.dropFirst() : nil }
    guard path.count > root.count + 1, path[root.count] == slash, path.starts(with: root) else { return nil }
    return path[(root.count + 1)...]
  }
}
