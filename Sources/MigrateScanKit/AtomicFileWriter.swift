import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a report file whole or not at all, without being steered by what is already on disk.
///
/// A regular file (or nothing) at the path: the report goes to a temporary file made with
/// `mkstemp` in the same folder (a random name, created with `O_EXCL`, so a symbolic link
/// planted next to the output is never written through), then `rename` puts it in place. A
/// reader never sees half a report, and a failure or a termination signal leaves the old file,
/// if any, as it was.
///
/// A symbolic link at the path is replaced by the report, never followed: the scanned tree may
/// have planted it, and its target is left untouched. Links under `/dev/` and `/proc/`
/// (`/dev/stdout`, `/dev/fd/3`) are the exception: they name descriptors, so they are opened.
/// A character device or FIFO (`/dev/null`, a named pipe) is written directly, never replaced
/// by a regular file; a folder or a block device is refused.
package enum AtomicFileWriter {
  /// How a path is written.
  private enum Method {
    /// Temporary file in `folder`, then `rename`; `mode` for the new file.
    case replace(folder: String, name: String, mode: mode_t)
    /// Opened and written in place: a device, a FIFO, a descriptor's link.
    case direct(followingLinks: Bool)
  }

  /// Checks, before any work, that `path` can take a report: its folder exists and is
  /// writable, and it is not a folder or a block device. A scan that would fail to write its
  /// report after a long run fails at once instead.
  ///
  /// - Throws: `CLIError.runtime` naming the path, the problem and what to do.
  package static func checkDestination(_ path: String) throws(CLIError) {
    switch try method(for: path) {
    case .replace(let folder, _, _):
      guard access(folder, W_OK | X_OK) == 0 else {
        throw .runtime("cannot write '\(path)': the folder '\(folder)' is not writable (\(errorText()))")
      }
    case .direct:
      break
    }
  }

  /// Writes `bytes` to `path` atomically.
  ///
  /// - Throws: `CLIError.runtime` naming the path and the reason when the folder is missing or
  ///   not writable, or the disk is full.
  package static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
    try write(to: path) { sink in sink(bytes) }
  }

  /// Writes what `produce` hands its sink, chunk after chunk, to `path` atomically: the file
  /// appears whole once `produce` returns, or not at all.
  ///
  /// - Throws: `CLIError.runtime` naming the path and the reason when the folder is missing or
  ///   not writable, the disk is full, or the path is a folder or a block device.
  package static func write(to path: String, _ produce: (_ sink: @escaping ([UInt8]) -> Void) -> Void)
    throws(CLIError)
  {
    switch try method(for: path) {
    case .replace(let folder, let name, let mode):
      try replace(path, folder: folder, name: name, mode: mode, produce)
    case .direct(let followingLinks):
      try writeInPlace(path, followingLinks: followingLinks, produce)
    }
  }

  /// Decides how `path` is written, from what is there now (`lstat`: a link is not followed).
  private static func method(for path: String) throws(CLIError) -> Method {
    let folder: String
    let name: String
    if let slash = path.lastIndex(of: "/") {
      folder = slash == path.startIndex ? "/" : String(path[..<slash])
      name = String(path[path.index(after: slash)...])
    } else {
      folder = "."
      name = path
    }
    guard !name.isEmpty, name != ".", name != ".." else {
      throw .runtime("cannot write '\(path)': it names a folder, not a file; give a file name")
    }
    var info = stat()
    if lstat(path, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        return .replace(folder: folder, name: name, mode: info.st_mode & 0o777)
      case S_IFLNK:
        if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") { return .direct(followingLinks: true) }
      case S_IFCHR, S_IFIFO, S_IFSOCK:
        return .direct(followingLinks: false)
      case S_IFDIR:
        throw .runtime("cannot write '\(path)': it is a folder; give a file name inside it")
      default:
        throw .runtime("cannot write '\(path)': it is a block device or another special file; give a file name")
      }
    } else if errno != ENOENT {
      throw .runtime("cannot write '\(path)': \(errorText()); check the path")
    }
    var folderInfo = stat()
    guard stat(folder, &folderInfo) == 0 else {
      throw .runtime("cannot write '\(path)': the folder '\(folder)' does not exist; create it first")
    }
    guard (folderInfo.st_mode & S_IFMT) == S_IFDIR else {
      throw .runtime("cannot write '\(path)': '\(folder)' is not a folder")
    }
    // A new file gets 0644 less the umask, as `open(…, 0644)` would give it.
    let mask = umask(0o022)
    umask(mask)
    return .replace(folder: folder, name: name, mode: 0o644 & ~mask)
  }

  private static func replace(
    _ path: String, folder: String, name: String, mode: mode_t, _ produce: (_ sink: @escaping ([UInt8]) -> Void) -> Void
  ) throws(CLIError) {
    // Room for the random suffix within a file name's 255 bytes.
    let prefix = (folder == "/" ? "" : folder) + "/."
    let template = Array(prefix.utf8) + Array(name.utf8.prefix(200)) + Array(".XXXXXX".utf8)
    guard let (descriptor, temporary) = TemporaryFiles.make(template: template) else {
      throw .runtime("cannot write '\(path)': \(errorText()); check that the folder exists and is writable")
    }
    var problem = writeAll(descriptor, startingWriteback: true, produce)
    if problem == nil && fchmod(descriptor, mode) != 0 { problem = errorText() }
    if problem == nil && fsync(descriptor) != 0 && errno != EINVAL { problem = errorText() }
    if close(descriptor) != 0 && problem == nil { problem = errorText() }
    // `rename` replaces a link at `path` itself; it never writes through it.
    if problem == nil && rename(temporary, path) != 0 { problem = errorText() }
    if let problem {
      TemporaryFiles.remove(temporary)
      throw .runtime("cannot write '\(path)': \(problem); nothing was written")
    }
    TemporaryFiles.forget(temporary)
  }

  private static func writeInPlace(
    _ path: String, followingLinks: Bool, _ produce: (_ sink: @escaping ([UInt8]) -> Void) -> Void
  ) throws(CLIError) {
    // No `O_CREAT`: the device or FIFO is there, or the write fails; never a new regular file.
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else { throw .runtime("cannot write '\(path)': \(errorText()); check the path") }
    var info = stat()
    if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFBLK {
      close(descriptor)
      throw .runtime("cannot write '\(path)': it leads to a block device; give a file name")
    }
    var problem = writeAll(descriptor, produce)
    if close(descriptor) != 0 && problem == nil { problem = errorText() }
    // A pipe whose reader went away (`--output /dev/stdout | head`) is what a closed stdout is:
    // not a failure of the run (`StandardIO`).
    if problem == closedPipe { return }
    if let problem { throw .runtime("cannot write '\(path)': \(problem); the report is incomplete") }
  }

  /// Hands `produce` a sink that writes every chunk to `descriptor`; the first failure is kept
  /// and later chunks are dropped.
  ///
  /// - Parameter startingWriteback: for a new regular file that is `fsync`ed once written: the
  ///   chunks are written on a thread of their own while the next ones are rendered (a few at a
  ///   most are held), and each is handed to the disk as soon as it is written (Linux), so the
  ///   disk writes while the rest is rendered. Without it, the `fsync` at the end waited for all
  ///   of a large report at once: 70 ms for a 50 MB JSON report, a twentieth of a million-line
  ///   scan, after the copying into the kernel had held up the rendering.
  private static func writeAll(
    _ descriptor: Int32, startingWriteback: Bool = false, _ produce: (_ sink: @escaping ([UInt8]) -> Void) -> Void
  ) -> String? {
    let failure = Mutex<String?>(nil)
    // Chunks are written in order, one at a time (on the queue, or on the caller's thread).
    let writtenSoFar = Mutex(0)
    let write: @Sendable ([UInt8]) -> Void = { chunk in
      guard failure.withLock({ $0 == nil }) else { return }
      chunk.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            let text = errorText()
            failure.withLock { $0 = text }
            return
          }
          offset += written
        }
      }
      #if os(Linux)
        guard startingWriteback else { return }
        let start = writtenSoFar.withLock { total in
          defer { total += chunk.count }
          return total
        }
        // `POSIX_FADV_DONTNEED` starts writing the range's dirty pages back without waiting
        // (`sync_file_range` is not in Swift's Glibc); only advice, so its result is not checked.
        _ = posix_fadvise(descriptor, off_t(start), off_t(chunk.count), POSIX_FADV_DONTNEED)
      #endif
    }
    guard startingWriteback else {
      produce(write)
      return failure.withLock { $0 }
    }
    let queue = DispatchQueue(label: "AtomicFileWriter.writeAll")
    let room = DispatchSemaphore(value: 4)
    produce { chunk in
      room.wait()
      queue.async {
        write(chunk)
        room.signal()
      }
    }
    // Every chunk is written before the caller syncs and renames the file.
    queue.sync {}
    return failure.withLock { $0 }
  }

  private static func errorText() -> String { String(cString: strerror(errno)).lowercased() }

  /// `errorText()` for `EPIPE`.
  private static var closedPipe: String { String(cString: strerror(EPIPE)).lowercased() }
}
