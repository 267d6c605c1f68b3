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
    try write(to: path) { sink in sink(bytes) }
  }

  /// Writes what `produce` hands its sink, chunk after chunk, to `path` atomically: the file
  /// appears whole once `produce` returns, or not at all.
  ///
  /// - Throws: `CLIError.runtime` naming the path and the reason when the folder is missing or
  ///   not writable, or the disk is full.
  package static func write(to path: String, _ produce: (_ sink: @escaping ([UInt8]) -> Void) -> Void)
    throws(CLIError)
  {
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
    // The first failure is kept; later chunks are dropped, and the file is never renamed.
    let failure = Mutex<String?>(nil)
    produce { chunk in
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
    }
    var problem = failure.withLock { $0 }
    if problem == nil && fsync(descriptor) != 0 && errno != EINVAL { problem = errorText() }
    if close(descriptor) != 0 && problem == nil { problem = errorText() }
    if problem == nil && rename(temporary, path) != 0 { problem = errorText() }
    if let problem {
      unlink(temporary)
      throw .runtime("cannot write '\(path)': \(problem); nothing was written")
    }
  }

  /// Removes every temporary file still being written. Called from the signal handler.
  package static func removeTemporaryFiles() {
    for path in inFlight.withLock({ $0 }) { unlink(path) }
  }

  private static func errorText() -> String { String(cString: strerror(errno)).lowercased() }
}
