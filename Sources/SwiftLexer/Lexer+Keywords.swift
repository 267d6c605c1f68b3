/// What the lexer remembers about a keyword for the next token's decisions.
enum KeywordTag: UInt8 {
  /// Not a keyword.
  case none
  /// `try`: a following `?` or `!` makes a regex literal preferred over a binary operator.
  case `try`
  /// `func` and `operator`: the next token is an operator name, never a regex literal.
  case funcOrOperator
  /// `true false Any nil self Self super`: keywords that are expressions, so a `/` after them is
  /// division, as after an identifier.
  case valueLike
  /// Every other keyword.
  case other
}

/// One keyword, its bytes packed little-endian into two words so a lookup compares two
/// integers instead of a byte loop.
struct KeywordEntry {
  let lo: UInt64
  let hi: UInt64
  let tag: KeywordTag
}

/// The 53 keywords swift-syntax's lexer classifies itself (`KeywordSpec` with
/// `isLexerClassified: true`). Every other keyword (`actor`, `async`, `await`, `some`, `any`,
/// `get`, `set`, `package`, …) is contextual: the lexer reports it as an identifier and only the
/// parser decides. Generated from the list, sorted by length; do not edit one entry alone.
enum Keywords {
  static let entries: [KeywordEntry] = [
    KeywordEntry(lo: 0x0000000000007361, hi: 0x0000000000000000, tag: .other),  // as
    KeywordEntry(lo: 0x0000000000006F64, hi: 0x0000000000000000, tag: .other),  // do
    KeywordEntry(lo: 0x0000000000006669, hi: 0x0000000000000000, tag: .other),  // if
    KeywordEntry(lo: 0x0000000000006E69, hi: 0x0000000000000000, tag: .other),  // in
    KeywordEntry(lo: 0x0000000000007369, hi: 0x0000000000000000, tag: .other),  // is
    KeywordEntry(lo: 0x0000000000796E41, hi: 0x0000000000000000, tag: .valueLike),  // Any
    KeywordEntry(lo: 0x0000000000726F66, hi: 0x0000000000000000, tag: .other),  // for
    KeywordEntry(lo: 0x000000000074656C, hi: 0x0000000000000000, tag: .other),  // let
    KeywordEntry(lo: 0x00000000006C696E, hi: 0x0000000000000000, tag: .valueLike),  // nil
    KeywordEntry(lo: 0x0000000000797274, hi: 0x0000000000000000, tag: .try),  // try
    KeywordEntry(lo: 0x0000000000726176, hi: 0x0000000000000000, tag: .other),  // var
    KeywordEntry(lo: 0x00000000666C6553, hi: 0x0000000000000000, tag: .valueLike),  // Self
    KeywordEntry(lo: 0x0000000065736163, hi: 0x0000000000000000, tag: .other),  // case
    KeywordEntry(lo: 0x0000000065736C65, hi: 0x0000000000000000, tag: .other),  // else
    KeywordEntry(lo: 0x000000006D756E65, hi: 0x0000000000000000, tag: .other),  // enum
    KeywordEntry(lo: 0x00000000636E7566, hi: 0x0000000000000000, tag: .funcOrOperator),  // func
    KeywordEntry(lo: 0x0000000074696E69, hi: 0x0000000000000000, tag: .other),  // init
    KeywordEntry(lo: 0x00000000666C6573, hi: 0x0000000000000000, tag: .valueLike),  // self
    KeywordEntry(lo: 0x0000000065757274, hi: 0x0000000000000000, tag: .valueLike),  // true
    KeywordEntry(lo: 0x0000006B61657262, hi: 0x0000000000000000, tag: .other),  // break
    KeywordEntry(lo: 0x0000006863746163, hi: 0x0000000000000000, tag: .other),  // catch
    KeywordEntry(lo: 0x0000007373616C63, hi: 0x0000000000000000, tag: .other),  // class
    KeywordEntry(lo: 0x0000007265666564, hi: 0x0000000000000000, tag: .other),  // defer
    KeywordEntry(lo: 0x00000065736C6166, hi: 0x0000000000000000, tag: .valueLike),  // false
    KeywordEntry(lo: 0x0000006472617567, hi: 0x0000000000000000, tag: .other),  // guard
    KeywordEntry(lo: 0x00000074756F6E69, hi: 0x0000000000000000, tag: .other),  // inout
    KeywordEntry(lo: 0x0000007265707573, hi: 0x0000000000000000, tag: .valueLike),  // super
    KeywordEntry(lo: 0x000000776F726874, hi: 0x0000000000000000, tag: .other),  // throw
    KeywordEntry(lo: 0x0000006572656877, hi: 0x0000000000000000, tag: .other),  // where
    KeywordEntry(lo: 0x000000656C696877, hi: 0x0000000000000000, tag: .other),  // while
    KeywordEntry(lo: 0x000074696E696564, hi: 0x0000000000000000, tag: .other),  // deinit
    KeywordEntry(lo: 0x000074726F706D69, hi: 0x0000000000000000, tag: .other),  // import
    KeywordEntry(lo: 0x000063696C627570, hi: 0x0000000000000000, tag: .other),  // public
    KeywordEntry(lo: 0x0000746165706572, hi: 0x0000000000000000, tag: .other),  // repeat
    KeywordEntry(lo: 0x00006E7275746572, hi: 0x0000000000000000, tag: .other),  // return
    KeywordEntry(lo: 0x0000636974617473, hi: 0x0000000000000000, tag: .other),  // static
    KeywordEntry(lo: 0x0000746375727473, hi: 0x0000000000000000, tag: .other),  // struct
    KeywordEntry(lo: 0x0000686374697773, hi: 0x0000000000000000, tag: .other),  // switch
    KeywordEntry(lo: 0x000073776F726874, hi: 0x0000000000000000, tag: .other),  // throws
    KeywordEntry(lo: 0x00746C7561666564, hi: 0x0000000000000000, tag: .other),  // default
    KeywordEntry(lo: 0x0065746176697270, hi: 0x0000000000000000, tag: .other),  // private
    KeywordEntry(lo: 0x65756E69746E6F63, hi: 0x0000000000000000, tag: .other),  // continue
    KeywordEntry(lo: 0x6C616E7265746E69, hi: 0x0000000000000000, tag: .other),  // internal
    KeywordEntry(lo: 0x726F74617265706F, hi: 0x0000000000000000, tag: .funcOrOperator),  // operator
    KeywordEntry(lo: 0x6C6F636F746F7270, hi: 0x0000000000000000, tag: .other),  // protocol
    KeywordEntry(lo: 0x73776F7268746572, hi: 0x0000000000000000, tag: .other),  // rethrows
    KeywordEntry(lo: 0x6F69736E65747865, hi: 0x000000000000006E, tag: .other),  // extension
    KeywordEntry(lo: 0x7069726373627573, hi: 0x0000000000000074, tag: .other),  // subscript
    KeywordEntry(lo: 0x61696C6165707974, hi: 0x0000000000000073, tag: .other),  // typealias
    KeywordEntry(lo: 0x6F7268746C6C6166, hi: 0x0000000000686775, tag: .other),  // fallthrough
    KeywordEntry(lo: 0x76697270656C6966, hi: 0x0000000000657461, tag: .other),  // fileprivate
    KeywordEntry(lo: 0x746169636F737361, hi: 0x0000657079746465, tag: .other),  // associatedtype
    KeywordEntry(lo: 0x6E65646563657270, hi: 0x0070756F72676563, tag: .other),  // precedencegroup
  ]

  /// For each length 0...16, the range of `entries` with that length.
  static let rangesByLength: [(Int, Int)] = [
    (0, 0), (0, 0), (0, 5), (5, 11), (11, 19), (19, 30), (30, 39), (39, 41), (41, 46), (46, 49), (0, 0), (49, 51),
    (0, 0), (0, 0), (51, 52), (52, 53), (0, 0),
  ]

  /// The keyword tag of the identifier `input[start..<end]`, `.none` when it is not one of the
  /// lexer's keywords.
  @inline(__always)
  static func tag(_ input: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> KeywordTag {
    let length = end - start
    guard length >= 2 && length <= 15 else { return .none }
    let (first, last) = rangesByLength[length]
    if first == last { return .none }
    var lo: UInt64 = 0
    var hi: UInt64 = 0
    var index = 0
    while index < length {
      let byte = UInt64(input[start + index])
      if index < 8 { lo |= byte << (8 * UInt64(index)) } else { hi |= byte << (8 * UInt64(index - 8)) }
      index += 1
    }
    var entry = first
    while entry < last {
      if entries[entry].lo == lo && entries[entry].hi == hi { return entries[entry].tag }
      entry += 1
    }
    return .none
  }
}
