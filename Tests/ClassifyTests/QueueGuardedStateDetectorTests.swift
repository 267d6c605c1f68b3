import Classify
import ScanModel
import Testing

@Suite struct QueueGuardedStateDetectorTests {
  let detectors = ["queue-guarded-state"]

  @Test func privateQueueGuardingProperties() {
    let source = """
      final class ImageCache {
        private let queue = DispatchQueue(label: "cache", attributes: .concurrent)
        private var images: [URL: Image] = [:]
        private var hits = 0
        var name = "cache"
        init() { images = [:] }
        func image(for url: URL) -> Image? {
          queue.sync { hits += 1; return images[url] }
        }
        func store(_ image: Image, for url: URL) {
          queue.async(flags: .barrier) { self.images[url] = image }
          print(name)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.count == 1)
    #expect(findings[0].range.start == SourceLocation(line: 2, column: 11))
    #expect(findings[0].symbol == "ImageCache.queue")
    #expect(
      findings[0].reasons[0]
        == "`queue` guards `images`, `hits`: read and written only inside `queue.sync`/`queue.async` closures")
    #expect(findings[0].disposition == .fixNow)
  }

  @Test func propertyTouchedOutsideTheQueueOrPublicQueue() {
    let source = """
      final class A {
        private let queue = DispatchQueue(label: "a")
        private var count = 0
        func bump() { queue.async { self.count += 1 } }
        func read() -> Int { count }
      }
      final class B {
        let queue = DispatchQueue(label: "b")
        private var count = 0
        func bump() { queue.async { self.count += 1 } }
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  @Test func lookAlikesInCommentsAndStrings() {
    let source = """
      final class Log {
        // private let queue = DispatchQueue(label: "x")
        private let label = "private let queue = DispatchQueue(label: x)"
        private var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }
}
