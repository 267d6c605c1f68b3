#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a source file's bytes once, and says why when it cannot be scanned.
package enum SourceReader {
  /// Why a file was passed over.
  package enum Failure: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case binary
    case tooLarge(limit: Int)

    package var description: String {
      switch self {
      case .unreadable(let reason): return "not readable: \(reason)"
      case .binary: return "not text (contains NUL bytes)"
      case .tooLarge(let limit): return "larger than \(limit) bytes (--max-file-size)"
      }
    }
  }

  /// Reads the whole file at `path` (raw bytes, NUL-free).
  package static func read(_ path: [UInt8], maxSize: Int) -> Result<[UInt8], Failure> {
    var terminated = path
    terminated.append(0)
    let descriptor = terminated.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_RDONLY) }
    }
    guard descriptor >= 0 else { return .failure(.unreadable(errorText())) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(errorText())) }
    if Int(info.st_size) > maxSize { return .failure(.tooLarge(limit: maxSize)) }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var filled = 0
    // Read until EOF even past st_size: a file that grows while we read is still read whole,
    // up to the limit.
    while true {
      if filled == bytes.count {
        if bytes.count >= maxSize && bytes.count > 0 { break }
        bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count / 2)))
      }
      let count = bytes.withUnsafeMutableBytes { raw in
        Glibc.read(descriptor, raw.baseAddress! + filled, raw.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(.unreadable(errorText()))
      }
      if count == 0 { break }
      filled += count
    }
    bytes.removeSubrange(filled...)
    if bytes.count > maxSize { return .failure(.tooLarge(limit: maxSize)) }
    if bytes.contains(0) { return .failure(.binary) }
    return .success(bytes)
  }

  private static func errorText() -> String { String(cString: strerror(errno)).lowercased() }
}
