import ScanModel

extension CommandLineTool {
  /// Fails a check that could not read a file it needs.
  ///
  /// A scan reports an unreadable file and goes on; a check cannot: the file may hold exactly
  /// the change it is there to stop, so passing would be a false "all clear".
  ///
  /// - Throws: `CLIError.runtime` naming the first such file, the reason and what to do (exit 2).
  package static func requireRead(_ failures: [SkippedFile]) throws(CLIError) {
    guard let first = failures.first else { return }
    let others = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
    throw .runtime(
      "cannot check '\(first.path)'\(others): \(first.reason); a check cannot pass over a file it could not read. "
        + "Make it readable, or leave it out with 'exclude' in \(Configuration.fileName)")
  }
}

extension CommandLineTool {
  /// A changed file's bytes in the work tree, read as the scan reads it (`SourceReader`: no link,
  /// FIFO or device is read), or nil when the scan would pass it over on purpose: too large, or
  /// a link (the walk never reads a file through a link without --follow-symlinks, and then
  /// under the target's path, which is a file of its own).
  ///
  /// - Throws: `CLIError.runtime` when it cannot be read (see `requireRead(_:)`).
  package static func readWorkTree(_ path: [UInt8], display: String, maxSize: Int) throws(CLIError) -> [UInt8]? {
    switch SourceReader.read(path, maxSize: maxSize) {
    case .success(let bytes): return bytes
    case .failure(let failure):
      if failure.isReadFailure && failure != .symbolicLink {
        try requireRead([SkippedFile(path: display, reason: "\(failure)")])
      }
      return nil
    }
  }
}
