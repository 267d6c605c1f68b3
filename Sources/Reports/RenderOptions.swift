/// Settings that change how a report is rendered, not what it says.
package struct RenderOptions: Sendable, Equatable {
  /// The most GitHub annotations one run writes of each severity. GitHub keeps only so many per
  /// step and per job (10 errors, 10 warnings and 10 notices a step, 50 a job, at the time of
  /// writing) and drops the rest silently, so we cap them ourselves and say how many were left out.
  package var githubAnnotationLimit: Int
  /// Markdown lists longer than this are folded into `<details>` so the plan stays scannable.
  package var markdownFoldThreshold: Int
  /// What the `markdown` format puts before each link's path (empty, or ending in `/`): the way
  /// from the folder the report is written to to the scanned root, so `--output docs/plan.md`
  /// links work from `docs/`. The link's text stays the path relative to the root.
  package var markdownLinkBase = ""
  /// What the `xcode` format puts before each path (empty, or an absolute folder ending in `/`),
  /// so an editor opens the line from any directory.
  package var xcodePathBase = ""
  /// The scanned root's path inside its repository (empty, or ending in `/`), put before each
  /// path in the `github` and `sarif` formats: GitHub resolves them against the repository root.
  package var repositoryPathPrefix = ""
  /// The `markdown` format writes only its summary (`--summary`): what fits a pull-request comment
  /// or a job summary, always under `MarkdownReport.summaryCharacterLimit` characters.
  package var markdownSummaryOnly = false
  /// Where the full Markdown report is (`--full-report-url`): the summary links to it. `nil` says
  /// how to get it instead.
  package var fullReportURL: String?
  /// The absolute folder SARIF's `%SRCROOT%` names (the repository root, or the scanned root
  /// outside a repository); nil names the root as the report gives it.
  package var sarifSourceRoot: String?
  /// Threads a writer may use for the parts that take them (the JSON report's findings); the
  /// bytes are the same for any value.
  package var jobs = 1

  /// - Parameters:
  ///   - githubAnnotationLimit: the `github` format's cap per severity (default 10, what
  ///     GitHub shows of each per step).
  ///   - markdownFoldThreshold: the longest list the `markdown` format shows unfolded (default 20).
  package init(githubAnnotationLimit: Int = 10, markdownFoldThreshold: Int = 20) {
    self.githubAnnotationLimit = githubAnnotationLimit
    self.markdownFoldThreshold = markdownFoldThreshold
  }
}
