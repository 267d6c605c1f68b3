/// The usage line and help text, in one place so the help golden pins them.
package enum Help {
  package static let usage = "USAGE: migrate-scan [scan] [<options>] [<dir>]"

  package static let text = """
    migrate-scan: plan the move of a Swift codebase from Combine to Swift concurrency.

    \(usage)
           migrate-scan check [--staged | --since <rev> | --baseline <file>] [<options>] [<dir>]
           migrate-scan tokens <file.swift> ...
           migrate-scan rules [--rules <file>] [--add-rules <file>]
           migrate-scan explain <rule-id>

    Scans every .swift file under <dir> (default: the current directory), classifies each
    Combine construct, orders the work leaves inward, and writes the plan. Reads
    Package.swift files as text to build the module graph; never runs anything from <dir>.

    COMMANDS:
      scan                    scan and report (the default)
      check                   fail (exit 1) when a change adds a Future/Task wrapper or what
                              --fail-on names; never on what was already there (an edited,
                              renamed or moved finding is not new); --format and --output
                              report the findings that fail
      tokens                  print the lexer's tokens, in the official lexer's dump format
      rules                   list the rules: id, category, severity
      explain                 print a rule's message, help and example

    OPTIONS:
      --format <format>       markdown | json | sarif | xcode | github (default: markdown, or
                              taken from the --output file's extension)
      --output <file>         write a report to <file> instead of stdout; repeatable, so one
                              run writes several formats (.md, .json, .sarif)
      --rules <file>          use this rules catalogue instead of the built-in one
      --add-rules <file>      add a team's own rules beside the catalogue; repeatable
      --only <rule-id>        run only this rule; repeatable
      --fail-on <what>        severities (note|warning|error), categories or rule ids whose
                              findings fail the run (exit 1); comma-separated or repeatable
      --config <file>         configuration file (default: .migrate-scan.json at the root)
      --baseline <file>       report only findings not recorded in <file>
      --write-baseline <file> record the current findings in <file>
      --ratchet               with --baseline: also fail when baselined findings have gone
      --staged                check what is staged in git against HEAD
      --since <rev>           check the work tree against where HEAD left <rev>
                              (git merge-base <rev> HEAD; in CI fetch with fetch-depth: 0)
      --whole-tree            with --staged or --since: analyse every file in full, not only
                              those the change can affect (same answer, slower)
      --jobs <n>              files scanned in parallel (default: the number of CPUs)
      --max-file-size <bytes> skip larger files, with a warning (default: 20000000)
      --follow-symlinks       follow links out of the scanned root too (reported under their real path)
      -q, --quiet             no progress line and no warnings on stderr
      --version               print the version
      -h, --help              print this help

    EXIT STATUS:
      0   done (findings do not fail a scan unless --fail-on is given)
      1   a check failed: the policy found something it fails on
      2   could not run: unreadable path, bad rules or configuration, unwritable output
      64  usage error: unknown option, missing or invalid value

    """

  /// The lines that follow a usage error.
  package static let seeHelp = "\(usage)\nSee 'migrate-scan --help' for more information.\n"
}
