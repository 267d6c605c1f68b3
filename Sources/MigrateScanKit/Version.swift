/// The version of migrate-scan, shown by `--version` and written into every report.
package enum MigrateScanVersion {
  package static let current = "0.1.0"
}
