import ScanModel

/// The single entry point of the Reports module: a `ScanReport` in, the report text out.
///
/// Rendering is a pure function of its arguments: no file system, no clock, no environment, and
/// no dictionary or set iteration that reaches the output, so the same report always renders to
/// the same bytes.
package enum ReportWriter {
  /// Renders `report` in `format`.
  ///
  /// - Parameters:
  ///   - report: what to render; findings are expected in report order (`Finding.reportOrder`).
  ///   - format: the output format.
  ///   - options: format-specific settings (annotation cap, folding).
  /// - Returns: the whole report, ending with a newline unless it is empty (an `xcode` report
  ///   with no findings is the empty string, so "no output" means "nothing to fix").
  package static func render(_ report: ScanReport, format: ReportFormat, options: RenderOptions = RenderOptions())
    -> String
  {
    switch format {
    case .markdown: return MarkdownReport(report: report, options: options).render()
    case .json: return JSONReport.render(report, jobs: options.jobs)
    case .sarif: return SARIFReport.render(report, options: options)
    case .xcode: return XcodeReport.render(report, base: options.xcodePathBase)
    case .github:
      return GitHubReport.render(
        report, annotationLimit: options.githubAnnotationLimit, pathPrefix: options.repositoryPathPrefix)
    }
  }

  /// Renders `report` in `format` to `sink`, in order: the bytes `render` gives. JSON and SARIF
  /// are streamed a chunk at a time, so their memory does not grow with the report.
  package static func stream(
    _ report: ScanReport, format: ReportFormat, options: RenderOptions = RenderOptions(),
    to sink: @escaping ([UInt8]) -> Void
  ) {
    switch format {
    case .json: JSONReport.stream(report, jobs: options.jobs, to: sink)
    case .sarif: SARIFReport.stream(report, options: options, to: sink)
    case .markdown, .xcode, .github: sink(Array(render(report, format: format, options: options).utf8))
    }
  }
}
