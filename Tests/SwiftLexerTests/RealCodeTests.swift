import Foundation
import SwiftLexer
import Testing

/// Real Swift code from outside the repository, when `LEXER_CORPUS` names a folder of it (for
/// example checkouts of swift-syntax, Alamofire and a Combine-heavy app): every file must
/// round-trip, and valid code must yield no `unknown` token. Prints the lexing throughput;
/// run with `-c release` for a meaningful number. Skipped when the variable is not set, so
/// the suite never depends on the network or on code we do not ship.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LEXER_CORPUS"] != nil))
struct RealCodeTests {
  static func corpus() -> [URL] {
    guard let folder = ProcessInfo.processInfo.environment["LEXER_CORPUS"],
      let enumerator = FileManager.default.enumerator(at: URL(fileURLWithPath: folder), includingPropertiesForKeys: nil)
    else { return [] }
    var files: [URL] = []
    for case let url as URL in enumerator where url.pathExtension == "swift" { files.append(url) }
    return files.sorted { $0.path < $1.path }
  }

  @Test func corpusRoundTripsWithoutUnknownTokens() throws {
    let files = Self.corpus()
    try #require(!files.isEmpty)
    var contents: [[UInt8]] = []
    for file in files { contents.append([UInt8](try Data(contentsOf: file))) }
    var unknownFiles: [String] = []
    for (index, bytes) in contents.enumerated() {
      if let violation = LexerTestSupport.losslessViolation(bytes) {
        Issue.record("\(files[index].path): \(violation)")
      }
      let stream = Lexer.tokenize(bytes)
      if stream.tokens.contains(where: { $0.kind == .unknown }) { unknownFiles.append(files[index].path) }
    }
    // Test suites of compilers hold invalid code on purpose; report, do not fail, for those.
    let unexpectedUnknowns = unknownFiles.filter { !$0.contains("/Tests/") && !$0.contains("/test/") }
    #expect(unexpectedUnknowns.isEmpty, "unknown tokens in \(unexpectedUnknowns.prefix(20))")

    // Thread CPU time rather than wall time: the build machines are shared, and CPU time is
    // what another engineer's build steals least from.
    let totalBytes = contents.reduce(0) { $0 + $1.count }
    let rounds = Int(ProcessInfo.processInfo.environment["LEXER_BENCH_ROUNDS"] ?? "") ?? 5
    var seconds = Double.infinity
    var pieces = 0
    for _ in 0..<rounds {
      pieces = 0
      let start = Self.threadCPUTime()
      for bytes in contents { pieces += Lexer.tokenize(bytes).tokens.count }
      seconds = min(seconds, Self.threadCPUTime() - start)
    }
    let megabytes = Double(totalBytes) / 1_000_000
    print(
      "lexed \(files.count) files, \(megabytes) MB, \(pieces) pieces in \(seconds) s of CPU (best of \(rounds)):",
      "\(Int(megabytes / seconds)) MB/s, \(unknownFiles.count) files with unknown tokens"
    )
  }

  static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
