import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C and SIGTERM during a scan: stop at once, leaving no partial report behind.
///
/// Reports are only ever written through `AtomicFileWriter`, so the one thing to clean up is a
/// temporary file being written at that moment. The handler runs on a dispatch queue, not in
/// signal context, so it may take the writer's lock.
package enum Interruption {
  /// Installs the handlers once per process. Exit status is 128 + the signal, as shells expect.
  package static func install() {
    sources.withLock { sources in
      if sources.isEmpty { sources = makeSources() }
    }
  }

  /// Kept alive for the life of the process: a released source stops delivering.
  private static let sources = Mutex<[any DispatchSourceSignal]>([])

  private static func makeSources() -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { signalNumber in
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        AtomicFileWriter.removeTemporaryFiles()
        _exit(128 + signalNumber)
      }
      source.resume()
      return source
    }
  }
}
