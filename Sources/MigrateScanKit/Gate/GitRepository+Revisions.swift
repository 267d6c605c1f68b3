extension GitRepository {
  /// The commit a user-given revision names, as an object id.
  ///
  /// `rev-parse --verify --end-of-options REV^{commit}` reads `REV` as a revision whatever it
  /// looks like, so `--output=x` or `-R` can never reach git as an option; only the object id it
  /// answers is passed on to other git commands.
  ///
  /// - Throws: `CLIError.runtime` naming the revision when it does not name a commit here.
  package func commit(named revision: String) throws(CLIError) -> String {
    let result = git(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"])
    guard result.status == 0, let id = objectID(result.output) else {
      throw .runtime(
        "bad revision '\(revision)': it names no commit in '\(topLevel)'; "
          + "check that revision '\(revision)' exists (fetch it in CI: actions/checkout with fetch-depth: 0)")
    }
    return id
  }

  /// The commit `HEAD` names, or nil in a repository with no commit yet.
  package func headCommit() -> String? {
    let result = git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])
    return result.status == 0 ? objectID(result.output) : nil
  }

  /// The best common ancestor of `revision` and `HEAD`, the commit `check --since` compares
  /// with: a branch that is behind main is compared with where it left main, so what main
  /// changed since is not the branch's change (GitHub's pull-request diff does the same).
  ///
  /// - Throws: `CLIError.runtime` naming the revision when it names no commit, when there is no
  ///   commit yet, or when the two have no common ancestor in the local history; in a shallow
  ///   clone the message says how to fetch the whole history.
  package func mergeBase(of revision: String) throws(CLIError) -> String {
    let target = try commit(named: revision)
    guard let head = headCommit() else {
      throw .runtime("cannot compare with '\(revision)': the repository '\(topLevel)' has no commit yet")
    }
    let result = git(["merge-base", target, head])
    if result.status == 0, let id = objectID(result.output) { return id }
    let shallow = git(["rev-parse", "--is-shallow-repository"])
    if shallow.status == 0, String(decoding: shallow.output, as: UTF8.self).hasPrefix("true") {
      throw .runtime(
        "cannot find where HEAD left '\(revision)': this is a shallow clone and the merge base is not in it; "
          + "fetch the whole history (actions/checkout with fetch-depth: 0, or 'git fetch --unshallow')")
    }
    throw .runtime(
      "cannot find where HEAD left '\(revision)': the two have no common ancestor"
        + (result.errorText.isEmpty ? "" : " (\(result.errorText))") + "; pass a revision HEAD descends from")
  }

  /// The first line of git's answer when it is an object id (hex digits only), else nil.
  private func objectID(_ output: [UInt8]) -> String? {
    let line = output.prefix { $0 != 0x0A }
    guard !line.isEmpty, line.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
      return nil
    }
    return String(decoding: line, as: UTF8.self)
  }
}
