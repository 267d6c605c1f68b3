#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a source file's bytes once, and says why when it cannot be scanned.
///
/// A tree under review may swap a file for a FIFO, a device or a link between the walk and the
/// read. So the file is opened without following a link (`O_NOFOLLOW`) and without waiting for a
/// writer (`O_NONBLOCK`), and only a regular file, as `fstat` sees the open descriptor, is read:
/// nothing can make the read block or run on for ever (`/dev/zero`).
package enum SourceReader {
  /// Why a file was passed over.
  package typealias Failure = SkipReason

  /// Reads the whole file at `path` (raw bytes).
  ///
  /// NUL bytes are kept: the lexer reads them like any other byte, and the compiler accepts a
  /// file holding one (with a warning), so a NUL in a comment must not hide the code around it.
  ///
  /// `path` must not end in a symbolic link: the walk resolves the links it follows first.
  package static func read(_ path: [UInt8], maxSize: Int) -> Result<[UInt8], Failure> {
    var terminated = path
    terminated.append(0)
    let flags = O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC
    let descriptor = terminated.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, flags) }
    }
    guard descriptor >= 0 else { return .failure(errno == ELOOP ? .symbolicLink : .unreadable(errorText())) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(errorText())) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile(kind: kindName(info.st_mode))) }
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
    return .success(bytes)
  }

  /// What a non-regular file is, for the skip reason.
  package static func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFDIR: return "a directory"
    case S_IFLNK: return "a symbolic link"
    default: return "not a regular file"
    }
  }

  private static func errorText() -> String { String(cString: strerror(errno)).lowercased() }
}
