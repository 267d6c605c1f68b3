import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every temporary file the process has made and not yet removed or renamed, so a termination
/// signal can remove them (`Interruption`).
///
/// Files are made with `mkstemp`, so each name is chosen at random and created with
/// `O_CREAT | O_EXCL`: an existing file or a symbolic link planted under a guessed name makes the
/// call pick another name, it is never opened or followed.
package enum TemporaryFiles {
  /// The paths made and not yet forgotten, as C strings (a path need not be valid UTF-8).
  private static let live = Mutex<Set<[CChar]>>([])

  /// Creates a new file from `template`, whose last six characters must be `XXXXXX`, with mode
  /// 0600. The registration happens under the same lock the signal handler takes, so there is
  /// no moment where the file exists and the handler would not remove it.
  ///
  /// - Returns: the open descriptor and the path, or nil with `errno` set.
  package static func make(template: [UInt8]) -> (descriptor: Int32, path: [CChar])? {
    var path = template.map { CChar(bitPattern: $0) } + [0]
    return live.withLock { live in
      let descriptor = path.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard descriptor >= 0 else { return nil }
      // Not inherited by git, which the gate starts (`mkostemp` is not in Glibc's Swift view).
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      live.insert(path)
      return (descriptor, path)
    }
  }

  /// Stops tracking `path`: it was renamed into place, or removed.
  package static func forget(_ path: [CChar]) {
    _ = live.withLock { $0.remove(path) }
  }

  /// Removes `path` and stops tracking it.
  package static func remove(_ path: [CChar]) {
    live.withLock { live in
      unlink(path)
      live.remove(path)
    }
  }

  /// Removes every file still tracked. Called from the termination-signal handler.
  package static func removeAll() {
    live.withLock { live in
      for path in live { unlink(path) }
      live.removeAll()
    }
  }
}
