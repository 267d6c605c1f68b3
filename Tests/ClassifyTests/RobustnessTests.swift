import Classify
import Testing

/// Malformed input is input: cut and shuffled sources never trap any pass.
@Suite struct RobustnessTests {
  /// A small linear congruential generator, so the cases are the same on every run.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(bound, 1)))
    }
  }

  @Test func cutAndShuffledSourcesNeverTrap() {
    let sources = [
      RealisticProjectTests.viewModel, RealisticProjectTests.client, FingerprintTests().original,
    ]
    let detectors = Support.allRules.map(\.detector)
    var generator = Generator(state: 42)
    var files: [FileClassification] = []
    for index in 0..<150 {
      let source = Array(sources[index % sources.count].utf8)
      var bytes: [UInt8]
      switch index % 3 {
      case 0:
        // A prefix: unbalanced braces, open strings, half a chain.
        bytes = Array(source[0..<generator.next(source.count)])
      case 1:
        // Lines in a random order.
        var lines = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        for position in lines.indices.reversed() { lines.swapAt(position, generator.next(position + 1)) }
        bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
      default:
        // Random bytes deleted.
        bytes = source
        for _ in 0..<20 where !bytes.isEmpty { bytes.remove(at: generator.next(bytes.count)) }
      }
      let file = Support.classify(String(decoding: bytes, as: UTF8.self), path: "F\(index).swift", detectors: detectors)
      files.append(file)
    }
    let findings = Classifier.finalize(files: files, context: ClassifyContext())
    #expect(findings.allSatisfy { $0.range.start.line >= 1 && $0.fingerprint.count == 16 })
  }
}
