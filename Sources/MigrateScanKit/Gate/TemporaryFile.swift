import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// A file in the temporary folder, made with `mkstemp` (never a name another process chose), for
/// what a child process reads or writes. A termination signal removes it (`TemporaryFiles`).
struct TemporaryFile {
  /// Where it is.
  let path: String
  private let cPath: [CChar]

  /// A new file holding `contents`; nil when it cannot be made.
  init?(contents: [UInt8]) {
    let folder = FileManager.default.temporaryDirectory.path
    let template = Array((folder + (folder.hasSuffix("/") ? "" : "/") + "migrate-scan-git-XXXXXX").utf8)
    guard let (descriptor, cPath) = TemporaryFiles.make(template: template) else { return nil }
    defer { close(descriptor) }
    self.cPath = cPath
    path = cPath.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var written = 0
    while written < contents.count {
      let count = contents[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        TemporaryFiles.remove(cPath)
        return nil
      }
      written += count
    }
  }

  /// What the file holds now (empty when it cannot be read). Read with `SourceReader`, not
  /// FoundationEssentials' `contents(atPath:)`, which leaks its buffer for an empty file, and
  /// git's error output is usually empty.
  func read() -> [UInt8] {
    (try? SourceReader.read(Array(path.utf8), maxSize: .max).get()) ?? []
  }

  /// Deletes the file.
  func remove() { TemporaryFiles.remove(cPath) }
}
