/// Why a file was passed over: one closed list, with the text reports show in one place.
///
/// Two kinds: a file the settings leave out on purpose (too large, a link the walk does not
/// follow) and a file that could not be read. A scan reports both and goes on; `check` fails on
/// the second kind, because a file it could not read may hold the change it is there to stop.
/// A new reason (say, a file no target compiles) is a new case here and a line in each switch.
package enum SkipReason: Error, Sendable, Equatable, CustomStringConvertible {
  /// `open`, `fstat` or `read` failed; the system's reason, lowercased.
  case unreadable(String)
  /// The path names something other than a regular file when it is opened (a FIFO, a device, a
  /// socket, a folder); such a file is never read, so it can never block the scan.
  case notRegularFile(kind: String)
  /// The path became a symbolic link after the walk looked at it; links are never read through
  /// at that point (the walk decides which links to follow).
  case symbolicLink
  case tooLarge(limit: Int)
  case brokenLink
  /// A link whose target (after resolving every link and `..`) is outside the scanned root.
  case linkOutsideRoot(target: String)
  case directoryNotReadable
  case cannotStat(String)

  package var description: String {
    switch self {
    case .unreadable(let reason): return "not readable: \(reason)"
    case .notRegularFile(let kind): return "not a regular file (\(kind)); not read"
    case .symbolicLink: return "turned into a symbolic link after the walk; not read"
    case .tooLarge(let limit): return "larger than \(limit) bytes (--max-file-size)"
    case .brokenLink: return "broken symbolic link"
    case .linkOutsideRoot(let target):
      return "symbolic link to '\(target)', outside the scanned root; not followed (--follow-symlinks follows it)"
    case .directoryNotReadable: return "directory not readable"
    case .cannotStat(let reason): return "cannot stat: \(reason)"
    }
  }

  /// Whether the file was meant to be scanned but could not be read: a check that depends on it
  /// cannot pass.
  package var isReadFailure: Bool {
    switch self {
    case .unreadable, .notRegularFile, .symbolicLink, .directoryNotReadable, .cannotStat: return true
    case .tooLarge, .brokenLink, .linkOutsideRoot: return false
    }
  }
}
