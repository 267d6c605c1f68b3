/// Byte and code point classification for the lexer (swift-syntax's `CharacterInfo` and
/// `UnicodeScalarExtensions`, as byte tables and range checks).
///
/// ASCII decisions go through one 256-entry table, so the hot loops (identifiers, whitespace,
/// string text) test one bit per byte. Non-ASCII code points take the slow path of explicit
/// ranges, which are those of the Swift compiler (N1518 for identifiers, the math, arrow and box
/// drawing blocks for operators).
enum CharacterClass {
  /// `[A-Za-z_]`.
  static let identifierStart: UInt8 = 1 << 0
  /// `[A-Za-z_0-9$]`.
  static let identifierContinue: UInt8 = 1 << 1
  /// `[0-9]`.
  static let digit: UInt8 = 1 << 2
  /// `[0-9A-Fa-f]`.
  static let hexDigit: UInt8 = 1 << 3
  /// The ASCII operator characters `/ = - + * % < > ! & | ^ ~ . ?`.
  static let operatorCharacter: UInt8 = 1 << 4
  /// Space, tab, vertical tab and form feed: horizontal whitespace trivia.
  static let horizontalSpace: UInt8 = 1 << 5
  /// Printable ASCII that never ends or interrupts a string segment (everything from space to
  /// `~` except `\`, `"` and `'`), so a segment can skip it without a closer look.
  static let plainStringText: UInt8 = 1 << 6
  /// Printable ASCII that starts a token and can never begin trivia (everything from `!` to
  /// `~` except `/`, `<` and `>`, which may open a comment or a conflict marker): where the
  /// next byte is one of these, there is no trivia to lex.
  static let tokenStart: UInt8 = 1 << 7

  /// The class bits of every byte value; bytes from 0x80 up have none.
  static let table: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") {
      table[Int(byte)] |= identifierStart | identifierContinue
      table[Int(byte) + 32] |= identifierStart | identifierContinue
    }
    for byte in UInt8(ascii: "0")...UInt8(ascii: "9") {
      table[Int(byte)] |= identifierContinue | digit | hexDigit
    }
    for byte in UInt8(ascii: "A")...UInt8(ascii: "F") {
      table[Int(byte)] |= hexDigit
      table[Int(byte) + 32] |= hexDigit
    }
    table[Int(UInt8(ascii: "_"))] |= identifierStart | identifierContinue
    table[Int(UInt8(ascii: "$"))] |= identifierContinue
    for byte in [UInt8]([0x2F, 0x3D, 0x2D, 0x2B, 0x2A, 0x25, 0x3C, 0x3E, 0x21, 0x26, 0x7C, 0x5E, 0x7E, 0x2E, 0x3F]) {
      table[Int(byte)] |= operatorCharacter
    }
    for byte in [UInt8]([0x20, 0x09, 0x0B, 0x0C]) {
      table[Int(byte)] |= horizontalSpace
    }
    for byte in UInt8(0x20)..<UInt8(0x7F) where byte != 0x5C && byte != 0x22 && byte != 0x27 {
      table[Int(byte)] |= plainStringText
    }
    for byte in UInt8(0x21)..<UInt8(0x7F) where byte != 0x2F && byte != 0x3C && byte != 0x3E {
      table[Int(byte)] |= tokenStart
    }
    return table
  }()

  // MARK: - Code points (swift-syntax `UnicodeScalarExtensions.swift`)

  /// True when `c` may continue an identifier.
  static func isIdentifierContinuation(_ c: UInt32) -> Bool {
    if c < 0x80 { return table[Int(c)] & identifierContinue != 0 }
    return c == 0x00A8 || c == 0x00AA || c == 0x00AD || c == 0x00AF
      || (0x00B2...0x00B5).contains(c) || (0x00B7...0x00BA).contains(c)
      || (0x00BC...0x00BE).contains(c) || (0x00C0...0x00D6).contains(c)
      || (0x00D8...0x00F6).contains(c) || (0x00F8...0x00FF).contains(c)
      || (0x0100...0x167F).contains(c) || (0x1681...0x180D).contains(c)
      || (0x180F...0x1FFF).contains(c) || (0x200B...0x200D).contains(c)
      || (0x202A...0x202E).contains(c) || (0x203F...0x2040).contains(c)
      || c == 0x2054 || (0x2060...0x206F).contains(c)
      || (0x2070...0x218F).contains(c) || (0x2460...0x24FF).contains(c)
      || (0x2776...0x2793).contains(c) || (0x2C00...0x2DFF).contains(c)
      || (0x2E80...0x2FFF).contains(c) || (0x3004...0x3007).contains(c)
      || (0x3021...0x302F).contains(c) || (0x3031...0x303F).contains(c)
      || (0x3040...0xD7FF).contains(c) || (0xF900...0xFD3D).contains(c)
      || (0xFD40...0xFDCF).contains(c) || (0xFDF0...0xFE44).contains(c)
      || (0xFE47...0xFFF8).contains(c)
      // Planes 1 to 14, each without its last two code points.
      || (0x10000...0xEFFFD).contains(c) && c & 0xFFFF <= 0xFFFD
  }

  /// True when `c` may start an identifier.
  static func isIdentifierStart(_ c: UInt32) -> Bool {
    if c < 0x80 { return table[Int(c)] & identifierStart != 0 }
    guard isIdentifierContinuation(c) else { return false }
    // Combining marks may continue an identifier but not start one.
    return
      !((0x0300...0x036F).contains(c) || (0x1DC0...0x1DFF).contains(c) || (0x20D0...0x20FF).contains(c)
      || (0xFE20...0xFE2F).contains(c))
  }

  /// True when `c` may start an operator.
  static func isOperatorStart(_ c: UInt32) -> Bool {
    if c < 0x80 { return table[Int(c)] & operatorCharacter != 0 }
    return (0x00A1...0x00A7).contains(c)
      || c == 0x00A9 || c == 0x00AB || c == 0x00AC || c == 0x00AE
      || c == 0x00B0 || c == 0x00B1 || c == 0x00B6 || c == 0x00BB
      || c == 0x00BF || c == 0x00D7 || c == 0x00F7
      || c == 0x2016 || c == 0x2017 || (0x2020...0x2027).contains(c)
      || (0x2030...0x203E).contains(c) || (0x2041...0x2053).contains(c)
      || (0x2055...0x205E).contains(c) || (0x2190...0x23FF).contains(c)
      || (0x2500...0x2775).contains(c) || (0x2794...0x2BFF).contains(c)
      || (0x2E00...0x2E7F).contains(c) || (0x3001...0x3003).contains(c)
      || (0x3008...0x3030).contains(c)
  }

  /// True when `c` may continue an operator: an operator start, a combining mark or a
  /// variation selector.
  static func isOperatorContinuation(_ c: UInt32) -> Bool {
    if isOperatorStart(c) { return true }
    return (0x0300...0x036F).contains(c) || (0x1DC0...0x1DFF).contains(c)
      || (0x20D0...0x20FF).contains(c) || (0xFE00...0xFE0F).contains(c)
      || (0xFE20...0xFE2F).contains(c) || (0xE0100...0xE01EF).contains(c)
  }

  /// True when `byte` can begin a UTF-8 sequence (RFC 3629: never C0, C1, F5–FF; never a
  /// continuation byte).
  @inline(__always)
  static func isUTF8Start(_ byte: UInt8) -> Bool {
    byte < 0x80 || (byte >= 0xC2 && byte < 0xF5)
  }
}
