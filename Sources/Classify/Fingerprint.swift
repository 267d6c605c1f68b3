/// The stable identity of a finding, shared by reports and the baseline.
///
/// `fingerprint = FNV-1a 64 (hex, 16 digits) of
///   ruleID ␟ file ␟ symbol ␟ normalised match text ␟ occurrence`
/// where `␟` is the byte 0x1F, the symbol is `Type.member` (empty at file level), the match text
/// is the significant tokens joined by one space, and `occurrence` counts identical twins (same
/// rule, file, symbol and text) in source order from 0.
///
/// What it survives: lines moving (no line numbers), re-indentation and reflowed chains (no
/// whitespace or comments), unrelated edits in the same file, a reworded message (no message text).
/// What changes it: an edit to the matched tokens, a move to another declaration or file, a
/// renamed rule, or a new identical twin earlier in the same declaration. The gate does not stop
/// at a changed fingerprint: it pairs the finding with its old self by declaration and by the
/// match's `TokenShape` (`FindingPairing`), so such an edit is not "new" either.
///
/// FNV-1a is used because it is tiny, has no seed (Swift's `Hasher` is seeded per process) and
/// gives the same value on every platform.
package enum Fingerprint {
  /// The fingerprint of one finding.
  package static func make(ruleID: String, file: String, symbol: String?, matchText: String, occurrence: Int) -> String
  {
    finish(prefix(ruleID: ruleID, file: file, symbol: symbol, matchText: matchText), occurrence: occurrence)
  }

  /// The hash of everything but the occurrence: identical twins share it.
  package static func prefix(ruleID: String, file: String, symbol: String?, matchText: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    mix(&hash, ruleID)
    mix(&hash, 0x1F)
    mix(&hash, file)
    mix(&hash, 0x1F)
    mix(&hash, symbol ?? "")
    mix(&hash, 0x1F)
    mix(&hash, matchText)
    mix(&hash, 0x1F)
    return hash
  }

  /// The fingerprint of the twin numbered `occurrence` among those sharing `prefix`.
  package static func finish(_ prefix: UInt64, occurrence: Int) -> String {
    var hash = prefix
    // The decimal digits of `occurrence`, without making its `String`.
    guard occurrence >= 0 else {
      mix(&hash, String(occurrence))
      return hex(hash)
    }
    var divisor = 1
    while occurrence / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      mix(&hash, UInt8(ascii: "0") + UInt8(occurrence / divisor % 10))
      divisor /= 10
    }
    return hex(hash)
  }

  /// Mixes the UTF-8 of `text` into `hash`: from its contiguous storage when it has one (native
  /// strings do), as walking the UTF-8 view byte by byte cost several times more.
  @inline(__always)
  private static func mix(_ hash: inout UInt64, _ text: String) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      var value = hash
      for byte in bytes {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
      }
      hash = value
    }
    if done == nil {
      for byte in text.utf8 { mix(&hash, byte) }
    }
  }

  @inline(__always)
  private static func mix(_ hash: inout UInt64, _ byte: UInt8) {
    hash ^= UInt64(byte)
    hash &*= 0x0000_0100_0000_01b3
  }

  /// Sixteen lowercase hex digits.
  package static func hex(_ value: UInt64) -> String {
    String(unsafeUninitializedCapacity: 16) { bytes in
      var rest = value
      for index in stride(from: 15, through: 0, by: -1) {
        let digit = UInt8(truncatingIfNeeded: rest & 0xF)
        bytes[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") - 10 + digit
        rest >>= 4
      }
      return 16
    }
  }
}
