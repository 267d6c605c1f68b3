import DependencyGraph
import Foundation
import MigrateScanTestSupport
import SwiftLexer
import Testing

/// The graph passes take any bytes: the lexer's own edge-case vectors, and those vectors cut
/// short and shuffled, must give facts and manifests without trapping.
@Suite struct RobustnessTests {
  static let vectors = FixturePaths.files(under: FixturePaths.fixture("lexer"), suffix: ".swift")

  @Test func everyLexerVectorScansWithoutTrapping() throws {
    #expect(!Self.vectors.isEmpty)
    for url in Self.vectors {
      let bytes = [UInt8](try Data(contentsOf: url))
      let stream = Lexer.tokenize(bytes)
      _ = ReferenceCollector.collect(stream)
      _ = PackageManifestScanner.scan(stream)
    }
  }

  @Test func truncatedAndShuffledInputScansWithoutTrapping() throws {
    var generator = SplitMix64(seed: 0x5EED)
    var corpus: [UInt8] = []
    for url in Self.vectors { corpus += try Data(contentsOf: url) }
    corpus += Array("let package = Package(name: \"P\", targets: [.target(name: \"A\", dependencies: [".utf8)
    for _ in 0..<300 {
      let start = Int(generator.next() % UInt64(corpus.count))
      let length = Int(generator.next() % 400)
      var bytes = Array(corpus[start..<min(corpus.count, start + length)])
      // Swap a few bytes so brackets and quotes end up unbalanced.
      for _ in 0..<min(bytes.count, 8) {
        let lhs = Int(generator.next() % UInt64(bytes.count))
        let rhs = Int(generator.next() % UInt64(bytes.count))
        bytes.swapAt(lhs, rhs)
      }
      let stream = Lexer.tokenize(bytes)
      _ = ReferenceCollector.collect(stream)
      _ = PackageManifestScanner.scan(stream)
    }
  }
}

/// A small deterministic generator, so a failing input can be reproduced.
struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
