// The benchmark: `migrate-scan-bench [--lines N | --dir DIR] [--binary PATH] [--runs K] [--no-precommit]`,
// or `migrate-scan-bench --dense MB [--binary PATH]`: the peak memory of a scan of one
// token-dense one-line file of MB megabytes (the worst case for per-token arrays).
// Generates (or takes) a tree, times the lexer alone in-process and the whole scan as a
// subprocess, and, when `rg` and `ast-grep` are on PATH, times them on the same tree with
// equivalent rules. Numbers only: nothing here is a test. `.ci/bench` builds release first.
import Foundation
import SwiftLexer

var lines = 1_000_000
var directory: String?
var binary = ".build/release/migrate-scan"
var runs = 3
var precommit = true
var denseMegabytes: Int?
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
  switch argument {
  case "--lines": lines = Int(arguments.popFirst() ?? "") ?? lines
  case "--dir": directory = arguments.popFirst()
  case "--binary": binary = arguments.popFirst() ?? binary
  case "--runs": runs = max(1, Int(arguments.popFirst() ?? "") ?? runs)
  case "--no-precommit": precommit = false
  case "--dense": denseMegabytes = Int(arguments.popFirst() ?? "")
  default:
    FileHandle.standardError.write(
      Data(
        ("usage: migrate-scan-bench [--lines N | --dir DIR] [--binary PATH] [--runs K] [--no-precommit]\n"
          + "       migrate-scan-bench --dense MB [--binary PATH]\n").utf8))
    exit(64)
  }
}

func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
func megabytes(_ bytes: Int) -> String { format(Double(bytes) / 1_048_576, 1) + " MiB" }

// 0. The dense file alone, when asked for.
if let denseMegabytes {
  let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
    "migrate-scan-dense-\(denseMegabytes)")
  try? FileManager.default.removeItem(at: folder)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let bytes = CorpusGenerator.denseFile(bytes: denseMegabytes * 1_000_000)
  try Data(bytes).write(to: folder.appendingPathComponent("Dense.swift"))
  let output = NSTemporaryDirectory() + "migrate-scan-bench-dense.json"
  guard let scan = Measure.best(of: 1, [binary, folder.path, "--format", "json", "--output", output, "--quiet"]) else {
    print("dense file: cannot run \(binary)")
    exit(2)
  }
  print(
    "dense one-line file: \(megabytes(bytes.count)), \(format(scan.wall, 3)) s wall, peak "
      + "\(megabytes(scan.peakMemory)) (\(format(Double(scan.peakMemory) / Double(bytes.count), 1))× the file), "
      + "exit \(scan.status)")
  try? FileManager.default.removeItem(at: folder)
  exit(0)
}

// 1. The tree.
let root: String
if let directory {
  root = directory
} else {
  let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("migrate-scan-corpus-\(lines)")
  let made = try CorpusGenerator().generate(lines: lines, into: url)
  print("corpus: \(made.files) files, \(made.lines) lines, \(megabytes(made.bytes)) at \(url.path)")
  root = url.path
}

// 2. The lexer alone, one core: read everything first so only lexing is timed.
var sources: [[UInt8]] = []
var sourcePaths: [String] = []
if let enumerator = FileManager.default.enumerator(atPath: root) {
  for case let path as String in enumerator where path.hasSuffix(".swift") {
    if let data = FileManager.default.contents(atPath: root + "/" + path) {
      sources.append([UInt8](data))
      sourcePaths.append(path)
    }
  }
}
let totalBytes = sources.reduce(0) { $0 + $1.count }
let totalLines = sources.reduce(0) { total, bytes in total + bytes.reduce(0) { $1 == 10 ? $0 + 1 : $0 } }
var bestLex = Double.infinity
var tokenCount = 0
for _ in 0..<runs {
  let start = Measure.processCPU()
  var count = 0
  for bytes in sources { count += Lexer.tokenize(bytes).pieceCount }
  bestLex = min(bestLex, Measure.processCPU() - start)
  tokenCount = count
}
print(
  "lexer alone (1 core): \(format(Double(totalBytes) / bestLex / 1_000_000, 1)) MB/s, "
    + "\(format(Double(totalLines) / bestLex / 1_000_000, 2)) M lines/s, \(tokenCount) pieces, "
    + "\(format(bestLex, 3)) s CPU for \(megabytes(totalBytes))")

// 3. The whole scan, as users run it.
let output = NSTemporaryDirectory() + "migrate-scan-bench-report.json"
guard let scan = Measure.best(of: runs, [binary, root, "--format", "json", "--output", output, "--quiet"]) else {
  print("whole scan: cannot run \(binary); build it with 'swift build -c release'")
  exit(2)
}
print(
  "whole scan: \(format(scan.wall, 3)) s wall, \(format(scan.cpu, 3)) s CPU, peak \(megabytes(scan.peakMemory)), "
    + "\(format(Double(totalLines) / scan.wall / 1_000_000, 2)) M lines/s, exit \(scan.status)")

// 4. The tools a team would otherwise reach for, with rules equivalent to four of ours.
if let rg = Measure.which("rg") {
  let patterns = [
    "Future\\s*(<[^>]*>)?\\s*[({]", "@Published", "PassthroughSubject<[^>]*>\\(\\)",
    "withCheckedThrowingContinuation",
  ]
  var command = [rg, "--count-matches", "--no-messages", "-g", "*.swift"]
  for pattern in patterns { command += ["-e", pattern] }
  command.append(root)
  if let cost = Measure.best(of: runs, command) {
    print(
      "ripgrep (4 regexes): \(format(cost.wall, 3)) s wall, \(format(cost.cpu, 3)) s CPU, peak "
        + "\(megabytes(cost.peakMemory)), exit \(cost.status); migrate-scan / ripgrep wall = "
        + "\(format(scan.wall / cost.wall))")
  }
} else {
  print("ripgrep: not on PATH (apt-get install ripgrep)")
}
// Only `ast-grep`: `sg` is also shadow-utils' "run as another group" on Debian.
if let astGrep = Measure.which("ast-grep") {
  // Block style: a flow mapping (`{ pattern: Task { $$$ } }`) is not valid YAML.
  let rules = """
    id: future-task
    language: swift
    rule:
      pattern: Future { $$$ }
      has:
        pattern: Task { $$$ }
        stopBy: end
    ---
    id: published
    language: swift
    rule:
      pattern: "@Published var $X"
    ---
    id: subject
    language: swift
    rule:
      pattern: PassthroughSubject<$$$>()
    ---
    id: continuation
    language: swift
    rule:
      pattern: withCheckedThrowingContinuation($$$)

    """
  let rulesPath = NSTemporaryDirectory() + "migrate-scan-bench-rules.yml"
  try Data(rules.utf8).write(to: URL(fileURLWithPath: rulesPath))
  if let cost = Measure.best(of: runs, [astGrep, "scan", "--rule", rulesPath, root]) {
    print(
      "ast-grep (4 rules): \(format(cost.wall, 3)) s wall, \(format(cost.cpu, 3)) s CPU, peak "
        + "\(megabytes(cost.peakMemory)), exit \(cost.status); ast-grep / migrate-scan wall = "
        + "\(format(cost.wall / scan.wall)); ast-grep / migrate-scan peak memory = "
        + "\(format(Double(cost.peakMemory) / Double(scan.peakMemory)))")
  }
} else {
  print("ast-grep: not on PATH (pip install ast-grep-cli in a virtual environment)")
}

// 5. The pre-commit check: ten files changed in a repository holding the whole tree.
if precommit {
  if let result = try PreCommitBench.run(files: sourcePaths, root: root, binary: binary, runs: runs) {
    print(
      "pre-commit check --staged (10 files changed): \(format(result.scoped.wall, 3)) s wall, "
        + "\(format(result.scoped.cpu, 3)) s CPU, peak \(megabytes(result.scoped.peakMemory)), "
        + "\(result.reported) new wrappers reported; with --whole-tree: \(format(result.wholeTree.wall, 3)) s wall, "
        + "\(format(result.wholeTree.cpu, 3)) s CPU")
  } else {
    print("pre-commit check: could not build the git repository (is git installed?)")
  }
}
