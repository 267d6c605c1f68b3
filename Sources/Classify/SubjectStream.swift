/// The stream that replaces a subject with one consumer: an `AsyncThrowingStream` when the
/// subject can fail (an `AsyncStream` has no way to finish with an error), else an `AsyncStream`.
package enum SubjectStream: String, Sendable {
  case plain = "AsyncStream"
  case throwing = "AsyncThrowingStream"

  /// The stream for a subject whose failure type is written `failure` (nil: not written).
  init(failure: String?) {
    guard let failure else {
      self = .plain
      return
    }
    // On bytes, spaces dropped: the written type is normalised text (`Swift . Never`).
    let written = failure.utf8.filter { $0 != UInt8(ascii: " ") }
    self = written.elementsEqual("Never".utf8) || written.elementsEqual("Swift.Never".utf8) ? .plain : .throwing
  }

  /// Why a second consumer is a problem: "an `AsyncStream` traps on a second consumer".
  var trap: String { "an `\(rawValue)` traps on a second consumer" }

  /// The reason every migrate verdict of a subject ends with. The planner finds a step's
  /// failing subjects by it (an equality test; a substring search of every reason cost 4% of
  /// a scan).
  package var singleConsumerReason: String { "keep it single-consumer: " + trap }
}
