extension CommandLineTool {
  /// What `--ratchet` prints when baselined findings have gone: each one, then why the run fails
  /// and the command that rewrites the baseline (the same tree and rules), to paste as it is.
  static func ratchetFailure(
    gone: [Baseline.Entry], baselinePath: String, invocation: Invocation, root: String
  ) -> (entries: [String], summary: String) {
    let entries = gone.map { "\(display($0.file, root: root)): fixed or gone: \($0.ruleID) (tighten the baseline)" }
    let summary =
      "error: \(gone.count) baselined finding(s) are gone, so the baseline allows more than the tree has "
      + "(--ratchet); rewrite it with: \(rewriteBaselineCommand(baselinePath, invocation: invocation, root: root))"
    return (entries, summary)
  }

  /// `migrate-scan ROOT [--config …] [--rules …] [--add-rules …] [--only …] --write-baseline PATH`.
  static func rewriteBaselineCommand(_ path: String, invocation: Invocation, root: String) -> String {
    var words = ["migrate-scan", root]
    if let config = invocation.configFile { words += ["--config", config] }
    if let rules = invocation.rulesFile { words += ["--rules", rules] }
    for file in invocation.extraRulesFiles { words += ["--add-rules", file] }
    for rule in invocation.onlyRules { words += ["--only", rule] }
    words += ["--write-baseline", path]
    return words.map(shellQuoted).joined(separator: " ")
  }

  /// `word` as a POSIX shell reads it back: as it is when it holds only safe characters, else in
  /// single quotes.
  static func shellQuoted(_ word: String) -> String {
    let safe = word.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || "/._-+=:,@%".utf8.contains(byte)
    }
    if safe && !word.isEmpty { return word }
    return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
  }
}
