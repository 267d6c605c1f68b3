import Classify
import SwiftLexer
import Testing

/// What one file costs in memory while the detectors run, per significant token.
///
/// A token-dense file (one piece every byte or two) is where per-token arrays add up: before
/// these tests, a 19 MB one-line file peaked at 27× its size (22.8× before the stream kept its
/// significant tokens in shared columns and trivia apart). The measure walks every stored
/// property of the lexed stream and of `FileContext` by reflection, so an array someone adds
/// later is counted without anyone remembering to count it.
@Suite struct PerTokenMemoryTests {
  /// Dense one-line code: declarations, closures, statements and brackets, no spaces.
  static func denseSource(repeats: Int) -> [UInt8] {
    var text = "import Combine;"
    for index in 0..<repeats {
      text += "func f\(index)(a:Int)->Int{if a>0{return g(a,[1,2],(3))};return h.map{$0+1}.x};"
      text += "let x\(index)=s.y(z:{v in v*2})[0]?.w;"
    }
    return Array(text.utf8)
  }

  @Test func theDetectorsViewsCostAtMostSixBytesPerTokenOverTheStream() {
    let stream = Lexer.tokenize(Self.denseSource(repeats: 5_000))
    let tokens = stream.significantCount
    #expect(tokens > 200_000)
    let file = FileContext(path: "Dense.swift", stream: stream)
    var measure = HeapMeasure()
    // The stream is the lexer's, measured below; the source is the input itself. The view's
    // kinds, starts and ends are the stream's own arrays, so skipping these skips them too.
    measure.skip(stream.source)
    measure.skip(stream.kinds)
    measure.skip(stream.starts)
    measure.skip(stream.lengths)
    measure.skip(stream.longTokens)
    measure.skip(stream.longLengths)
    measure.skip(stream.flaggedPositions)
    measure.skip(stream.flaggedFlags)
    measure.skip(stream.partner)
    measure.skip(stream.trivia)
    measure.skip(stream.triviaBefore)
    measure.add(file)
    let perToken = Double(measure.bytes) / Double(tokens)
    // Brace roles 1 and the sparse tables of braces, declaration words and scopes (about 3 on
    // this file). Copies of the kinds, starts and ends (as before 2026-12-01) would make it 13.
    #expect(perToken <= 6, "\(perToken) bytes per token")
    #expect(perToken >= 2, "\(perToken) bytes per token: is the measure still reaching the arrays?")
  }

  @Test func theLexedStreamCostsAtMostThirteenBytesPerToken() {
    let stream = Lexer.tokenize(Self.denseSource(repeats: 5_000))
    var measure = HeapMeasure()
    measure.skip(stream.source)
    measure.add(stream)
    let perToken = Double(measure.bytes) / Double(stream.significantCount)
    // Kinds 1, starts 4, one-byte lengths 1 and bracket partners 4 (about 11.6 here); trivia
    // pieces (12, and 4 for their place) only where there is trivia, few here; flags and long
    // tokens sparse. Four-byte ends or a flags column would make it 14.6 or more; every piece as
    // a whole `Token` plus a significant index (as before 2026-12-01) made it 21.
    #expect(perToken <= 13, "\(perToken) bytes per token")
    #expect(perToken >= 10, "\(perToken) bytes per token: is the measure still reaching the arrays?")
  }

  @Test func aFileWhileTheDetectorsRunCostsAtMostEighteenBytesPerToken() {
    let source = Self.denseSource(repeats: 5_000)
    let stream = Lexer.tokenize(source)
    let file = FileContext(path: "Dense.swift", stream: stream)
    var measure = HeapMeasure()
    measure.skip(stream.source)
    measure.add(stream)
    measure.add(file)
    let perToken = Double(measure.bytes) / Double(stream.significantCount)
    // The stream and the detectors' view together (about 16.3 here); 34 before 2026-12-01.
    #expect(perToken <= 18, "\(perToken) bytes per token")
    #expect(perToken >= 12, "\(perToken) bytes per token: is the measure still reaching the arrays?")
  }

  @Test func theMeasureCountsAnArrayOnceAndItsCapacity() {
    var reserved: [Int32] = []
    reserved.reserveCapacity(1_000)
    let pair = (reserved, reserved)
    var measure = HeapMeasure()
    measure.add(pair)
    #expect(measure.bytes >= 4_000 && measure.bytes < 4_200)
  }
}

/// The bytes of array storage reachable from a value's stored properties, each buffer once
/// (copies of an array share one), arrays at their capacity. Strings, sets and dictionaries are
/// left out: no per-token storage is of those kinds.
private struct HeapMeasure {
  private(set) var bytes = 0
  private var seen: Set<UnsafeRawPointer> = []

  /// Leaves `array`'s buffer out of the count.
  mutating func skip<Element>(_ array: [Element]) {
    if let base = array.withUnsafeBufferPointer({ $0.baseAddress }) { seen.insert(UnsafeRawPointer(base)) }
  }

  mutating func add(_ value: Any, depth: Int = 0) {
    guard depth < 12 else { return }
    if let array = value as? any MeasuredArray {
      guard let base = array.storageAddress, seen.insert(base).inserted else { return }
      bytes += array.storageBytes
      if !array.elementsArePlain {
        for element in array.elementsAsAny { add(element, depth: depth + 1) }
      }
      return
    }
    for child in Mirror(reflecting: value).children { add(child.value, depth: depth + 1) }
  }
}

private protocol MeasuredArray {
  var storageAddress: UnsafeRawPointer? { get }
  var storageBytes: Int { get }
  var elementsArePlain: Bool { get }
  var elementsAsAny: [Any] { get }
}

extension Array: MeasuredArray {
  var storageAddress: UnsafeRawPointer? { withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) } }
  var storageBytes: Int { capacity * MemoryLayout<Element>.stride }
  var elementsArePlain: Bool { _isPOD(Element.self) }
  var elementsAsAny: [Any] { map { $0 } }
}
