import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C, SIGTERM and every other catchable signal that would end the process: stop at once,
/// leaving no partial report or temporary file behind.
///
/// Reports are only ever written through `AtomicFileWriter`, and git's input and error files
/// through `TemporaryFile`; both register in `TemporaryFiles`, so the one thing to clean up is
/// the temporary files being written at that moment. The handler runs on a dispatch queue, not
/// in signal context, so it may take their lock.
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
    // The signals whose default action ends the process. SIGPIPE is not among them: it is
    // ignored so that a closed stdout shows as EPIPE (`StandardIO`). SIGPROF stays with
    // profilers, SIGKILL and SIGSTOP cannot be caught.
    let signals = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ, SIGPWR]
    return signals.map { signalNumber in
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        TemporaryFiles.removeAll()
        _exit(128 + signalNumber)
      }
      source.resume()
      return source
    }
  }
}
