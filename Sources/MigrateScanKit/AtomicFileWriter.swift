import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file whole or not at all: a temporary file in the same folder, then `rename`.
///
/// A reader never sees half a report, and a failure (or Ctrl-C) leaves the old file, if any, as
/// it was. Temporary files in flight are registered so the signal handler can remove them.
package enum AtomicFileWriter {
  /// Temporary files being written right now; removed by `removeTemporaryFiles()` on a signal.
  private static let inFlight = Mutex<Set<String>>([])

  /// Writes `bytes` to `path` atomically.
  ///
  /// - Throws: `CLIError.runtime` naming the path and the reason when the folder is missing or
  ///   not writable, or the disk is full.
  package static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
    let folder: String
    let name: String
    if let slash = path.lastIndex(of: "/") {
      folder = slash == path.startIndex ? "/" : String(path[..<slash])
      name = String(path[path.index(after: slash)...])
    } else {
      folder = "."
      name = path
    }
    guard !name.isEmpty else { throw .runtime("cannot write '\(path)': it names a folder, not a file") }
    let temporary = (folder == "/" ? "" : folder) + "/.\(name).\(getpid()).tmp"
    inFlight.withLock { _ = $0.insert(temporary) }
    defer { inFlight.withLock { _ = $0.remove(temporary) } }

    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw .runtime("cannot write '\(path)': \(errorText()); check that the folder exists and is writable")
    }
    var failure: String?
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errorText()
          return
        }
        offset += written
      }
    }
    if failure == nil && fsync(descriptor) != 0 && errno != EINVAL { failure = errorText() }
    if close(descriptor) != 0 && failure == nil { failure = errorText() }
    if failure == nil && rename(temporary, path) != 0 { failure = errorText() }
    if let failure {
      unlink(temporary)
      throw .runtime("cannot write '\(path)': \(failure); nothing was written")
    }
  }

  /// Removes every temporary file still being written. Called from the signal handler.
  package static func removeTemporaryFiles() {
    for path in inFlight.withLock({ $0 }) { unlink(path) }
  }

  private static func errorText() -> String { String(cString: strerror(errno)).lowercased() }
}
