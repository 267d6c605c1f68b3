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
    let size = Int(info.st_size)
    var failed = false
    // Filled straight from `read(2)`, not zeroed first: zeroing every byte was 1.5% of a scan.
    var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      while initialized < size {
        let count = Glibc.read(descriptor, buffer.baseAddress! + initialized, size - initialized)
        if count < 0 {
          if errno == EINTR { continue }
          failed = true
          break
        }
        if count == 0 { break }
        initialized += count
      }
    }
    if failed { return .failure(.unreadable(errorText())) }
    // Read on to EOF: a file that grows while we read is still read whole, up to just past the
    // limit (so the limit check sees it). Most files end at `st_size`: one empty read says so.
    var ended = bytes.count < size
    while !ended && bytes.count <= maxSize {
      let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { chunk in
        let count = Glibc.read(descriptor, chunk.baseAddress!, chunk.count)
        if count > 0 { bytes.append(contentsOf: chunk[..<count]) }
        return count
      }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(.unreadable(errorText()))
      }
      ended = count == 0
    }
    if bytes.count > maxSize { return .failure(.tooLarge(limit: maxSize)) }
    // `memchr` reads a vector at a time; `contains(0)` went byte by byte, 2.5% of a scan.
    let binary = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { memchr($0, 0, buffer.count) != nil } ?? false
    }
    if binary { return .failure(.binary) }
    return .success(bytes)
  }

  private static func errorText() -> String { String(cString: strerror(errno)).lowercased() }
}
