import SwiftLexer

/// Where string and regex literals begin and end in a token stream's significant view, so the
/// matcher can treat a whole literal as one unit and never start, end or bind inside one.
///
/// A literal is delimiters plus content: `#"`, segments, `\#(` … `)`, `"#` for a raw string,
/// `#/`, pattern, `/#` for a regex. Those pieces are *literal structure*; the code inside an
/// interpolation is not, and it can match like any other code. For `"a \(f(x)) b"` the
/// pieces are `"`, `a `, `\`, `(`, `)`, ` b`, `"`, and `f(x)` is code.
struct LiteralStructure {
  /// For the first piece of a literal, the position of its last piece, and the reverse;
  /// -1 everywhere else, and for a literal that never ends (it stays a barrier).
  let partner: [Int32]
  /// True for positions that are literal structure (delimiters, segments, interpolation
  /// `\`/`(`/`)`), false for code.
  let isPiece: [Bool]

  private enum State {
    case string(opener: Int, quote: TokenKind, pounds: Bool)
    case interpolation(close: Int)
  }

  init(_ stream: TokenStream) {
    let count = stream.significantCount
    var partner = [Int32](repeating: -1, count: count)
    var isPiece = [Bool](repeating: false, count: count)
    var stack: [State] = []
    func kind(_ position: Int) -> TokenKind? {
      position < count ? Self.kind(stream, position) : nil
    }
    var position = 0
    while position < count {
      let current = Self.kind(stream, position)
      if case .string(let opener, let quote, let pounds) = stack.last {
        isPiece[position] = true
        switch current {
        case .backslash:
          // `\(` or `\#(`: the delimiter pieces are structure, the code up to `)` is not.
          var next = position + 1
          if kind(next) == .rawStringPoundDelimiter {
            isPiece[next] = true
            next += 1
          }
          if kind(next) == .leftParen, stream.partner[next] > next {
            isPiece[next] = true
            stack.append(.interpolation(close: Int(stream.partner[next])))
            next += 1
          }
          position = next
          continue
        case quote:
          var last = position
          if pounds && kind(position + 1) == .rawStringPoundDelimiter {
            last += 1
            isPiece[last] = true
          }
          stack.removeLast()
          partner[opener] = Int32(last)
          partner[last] = Int32(opener)
          position = last + 1
          continue
        case .stringSegment:
          position += 1
          continue
        default:
          // Code where a segment or the closing quote should be: the literal never ended (an
          // unterminated `"` stops at the line end). Leave it unpaired, a barrier, and read
          // this token again as code.
          isPiece[position] = false
          stack.removeLast()
          continue
        }
      }
      if case .interpolation(let close) = stack.last, position == close {
        isPiece[position] = true
        stack.removeLast()
        position += 1
        continue
      }
      switch current {
      case .stringQuote, .multilineStringQuote:
        isPiece[position] = true
        stack.append(.string(opener: position, quote: current, pounds: false))
        position += 1
      case .rawStringPoundDelimiter
      where kind(position + 1) == .stringQuote || kind(position + 1) == .multilineStringQuote:
        isPiece[position] = true
        isPiece[position + 1] = true
        if let quote = kind(position + 1) {
          stack.append(.string(opener: position, quote: quote, pounds: true))
        }
        position += 2
      case .regexSlash, .regexPoundDelimiter:
        position = Self.regex(at: position, stream: stream, partner: &partner, isPiece: &isPiece)
      case .stringSegment, .regexPattern, .singleQuote, .rawStringPoundDelimiter:
        // Structure the lexer produced outside a literal we recognise: a barrier, never code.
        isPiece[position] = true
        position += 1
      default:
        position += 1
      }
    }
    self.partner = partner
    self.isPiece = isPiece
  }

  /// The kind of significant token `position`. Not `TokenStream.significantToken`: that call
  /// is not inlined across the module boundary, and this runs for every token of every file.
  @inline(__always)
  private static func kind(_ stream: TokenStream, _ position: Int) -> TokenKind {
    stream.kinds[position]
  }

  /// A regex literal `[#]/ pattern /[#]` (no interpolation); returns the position after it.
  private static func regex(at opener: Int, stream: TokenStream, partner: inout [Int32], isPiece: inout [Bool]) -> Int {
    let count = stream.significantCount
    var position = opener
    let pounds = Self.kind(stream, position) == .regexPoundDelimiter
    isPiece[position] = true
    position += 1
    if pounds {
      guard position < count, Self.kind(stream, position) == .regexSlash else { return position }
      isPiece[position] = true
      position += 1
    }
    while position < count && Self.kind(stream, position) == .regexPattern {
      isPiece[position] = true
      position += 1
    }
    guard position < count, Self.kind(stream, position) == .regexSlash else { return position }
    isPiece[position] = true
    var last = position
    if pounds && last + 1 < count && Self.kind(stream, last + 1) == .regexPoundDelimiter {
      last += 1
      isPiece[last] = true
    }
    partner[opener] = Int32(last)
    partner[last] = Int32(opener)
    return last + 1
  }
}
