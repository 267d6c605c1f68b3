import ScanModel

/// Dotted type paths (`Outer.Inner`, `Publishers.Map`) taken apart by byte.
enum DottedName {
  /// The last component of `name` (`Inner` for `Outer.Inner`), or `name` when it has no `.`.
  ///
  /// Searched in the UTF-8 bytes: these names are built from identifier tokens joined by `.`,
  /// and an identifier never starts with a combining mark, so every `.` byte is its own
  /// character. A `Character` search walked grapheme boundaries, thousands of instructions
  /// for a name of a few bytes (0.8% of a scan).
  static func lastComponent(_ name: String) -> String {
    let utf8 = name.utf8
    guard let dot = name.lastIndex(ofUTF8: UInt8(ascii: ".")) else { return name }
    // The cut follows an ASCII byte, so the rest is valid UTF-8 and decodes unchanged.
    return String(decoding: utf8[utf8.index(after: dot)...], as: UTF8.self)
  }
}
