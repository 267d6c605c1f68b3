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

/// The 53 keywords swift-syntax's lexer classifies itself (`KeywordSpec` with
/// `isLexerClassified: true`). Every other keyword (`actor`, `async`, `await`, `some`, `any`,
/// `get`, `set`, `package`, …) is contextual: the lexer reports it as an identifier and only the
/// parser decides.
enum Keywords {
  /// The keyword tag of the identifier `input[start..<end]`, `.none` when it is not one of the
  /// lexer's keywords.
  ///
  /// The bytes are packed little-endian into two words and matched with a `switch` over
  /// constants (no table, no string): an identifier never contains NUL, so the zero padding
  /// makes the packed value unique to its spelling and length. The constants are generated from
  /// the list above; regenerate them all rather than editing one.
  @inline(__always)
  static func tag(_ input: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> KeywordTag {
    let length = end - start
    guard length >= 2 && length <= 15 else { return .none }
    // Away from the end of the file, read the two words with two loads and mask off the bytes
    // past the identifier, instead of assembling them a byte at a time (a third of the cost of
    // lexing an identifier).
    if start + 16 <= input.count, let base = input.baseAddress {
      let raw = UnsafeRawPointer(base + start)
      let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
      if length <= 8 {
        let mask: UInt64 = length == 8 ? ~0 : (1 << UInt64(8 * length)) &- 1
        return tag(lo: first & mask, hi: 0)
      }
      let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      return tag(lo: first, hi: second & ((1 << UInt64(8 * (length - 8))) &- 1))
    }
    var lo: UInt64 = 0
    var hi: UInt64 = 0
    var index = 0
    while index < length {
      let byte = UInt64(input[start + index])
      if index < 8 { lo |= byte << (8 * UInt64(index)) } else { hi |= byte << (8 * UInt64(index - 8)) }
      index += 1
    }
    return tag(lo: lo, hi: hi)
  }

  private static func tag(lo: UInt64, hi: UInt64) -> KeywordTag {
    switch hi {
    case 0x0:
      switch lo {
      case 0x0000000000006669: return .other  // if
      case 0x0000000000006E69: return .other  // in
      case 0x0000000000006F64: return .other  // do
      case 0x0000000000007361: return .other  // as
      case 0x0000000000007369: return .other  // is
      case 0x00000000006C696E: return .valueLike  // nil
      case 0x0000000000726176: return .other  // var
      case 0x0000000000726F66: return .other  // for
      case 0x000000000074656C: return .other  // let
      case 0x0000000000796E41: return .valueLike  // Any
      case 0x0000000000797274: return .try  // try
      case 0x00000000636E7566: return .funcOrOperator  // func
      case 0x0000000065736163: return .other  // case
      case 0x0000000065736C65: return .other  // else
      case 0x0000000065757274: return .valueLike  // true
      case 0x00000000666C6553: return .valueLike  // Self
      case 0x00000000666C6573: return .valueLike  // self
      case 0x000000006D756E65: return .other  // enum
      case 0x0000000074696E69: return .other  // init
      case 0x0000006472617567: return .other  // guard
      case 0x000000656C696877: return .other  // while
      case 0x0000006572656877: return .other  // where
      case 0x00000065736C6166: return .valueLike  // false
      case 0x0000006863746163: return .other  // catch
      case 0x0000006B61657262: return .other  // break
      case 0x0000007265666564: return .other  // defer
      case 0x0000007265707573: return .valueLike  // super
      case 0x0000007373616C63: return .other  // class
      case 0x00000074756F6E69: return .other  // inout
      case 0x000000776F726874: return .other  // throw
      case 0x000063696C627570: return .other  // public
      case 0x0000636974617473: return .other  // static
      case 0x0000686374697773: return .other  // switch
      case 0x00006E7275746572: return .other  // return
      case 0x000073776F726874: return .other  // throws
      case 0x0000746165706572: return .other  // repeat
      case 0x0000746375727473: return .other  // struct
      case 0x000074696E696564: return .other  // deinit
      case 0x000074726F706D69: return .other  // import
      case 0x0065746176697270: return .other  // private
      case 0x00746C7561666564: return .other  // default
      case 0x65756E69746E6F63: return .other  // continue
      case 0x6C616E7265746E69: return .other  // internal
      case 0x6C6F636F746F7270: return .other  // protocol
      case 0x726F74617265706F: return .funcOrOperator  // operator
      case 0x73776F7268746572: return .other  // rethrows
      default: return .none
      }
    case 0x6E:
      switch lo {
      case 0x6F69736E65747865: return .other  // extension
      default: return .none
      }
    case 0x73:
      switch lo {
      case 0x61696C6165707974: return .other  // typealias
      default: return .none
      }
    case 0x74:
      switch lo {
      case 0x7069726373627573: return .other  // subscript
      default: return .none
      }
    case 0x657461:
      switch lo {
      case 0x76697270656C6966: return .other  // fileprivate
      default: return .none
      }
    case 0x686775:
      switch lo {
      case 0x6F7268746C6C6166: return .other  // fallthrough
      default: return .none
      }
    case 0x657079746465:
      switch lo {
      case 0x746169636F737361: return .other  // associatedtype
      default: return .none
      }
    case 0x70756F72676563:
      switch lo {
      case 0x6E65646563657270: return .other  // precedencegroup
      default: return .none
      }
    default: return .none
    }
  }
}
