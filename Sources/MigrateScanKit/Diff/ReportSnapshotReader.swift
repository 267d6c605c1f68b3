#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a JSON report written by `migrate-scan --format json` into a `ReportSnapshot`, in one
/// streamed pass (`JSONPullReader`): the file is read 1 MiB at a time and only the fields the
/// diff uses are kept, so a 500 MB report costs one pass over its bytes and memory for its
/// findings' and steps' fields, never a tree of the document.
///
/// The checks come in the order that gives the most useful message: not JSON (or cut short),
/// then not a migrate-scan report (`tool.name`), then a `schemaVersion` this version does not
/// read, then a value of the known layout missing or of the wrong type. Once the version is
/// known to be foreign, the rest is only checked for syntax and for `tool`: the layout may differ.
package enum ReportSnapshotReader {
  /// The chunk size files are read in.
  package static let chunkSize = 1 << 20

  /// Reads the report at `path`.
  ///
  /// - Throws: `ReportReadError`, naming `path` as given.
  package static func read(path: String) throws(ReportReadError) -> ReportSnapshot {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno)).lowercased()
      throw .unreadable(path: path, reason: reason)
    }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw .unreadable(path: path, reason: ReportReadError.folder)
    }
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    let source: JSONPullReader.Source = { () throws(JSONPullReader.ReadError) -> [UInt8]? in
      while true {
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count >= 0 else { throw JSONPullReader.ReadError(String(cString: strerror(errno)).lowercased()) }
        return count == 0 ? nil : Array(chunk[0..<count])
      }
    }
    return try read(JSONPullReader(source: source), path: path)
  }

  /// Reads a report from `reader`; `path` names it in errors.
  package static func read(_ reader: JSONPullReader, path: String) throws(ReportReadError) -> ReportSnapshot {
    var work = 0
    return try read(reader, path: path, work: &work)
  }

  /// Reads a report from `reader` and adds the reader's `work` to `work` (for the cost tests).
  package static func read(_ reader: JSONPullReader, path: String, work: inout Int) throws(ReportReadError)
    -> ReportSnapshot
  {
    var parse = Parse(reader: reader, path: path)
    defer { work += parse.reader.work }
    do {
      return try parse.document()
    } catch let failure as JSONPullReader.Failure {
      if failure.problem == .unexpectedEnd && failure.line == 1 && failure.column == 1 { throw .empty(path: path) }
      if case .readFailed(let reason) = failure.problem { throw .unreadable(path: path, reason: reason) }
      throw .notJSON(
        path: path, line: failure.line, column: failure.column, problem: failure.text,
        truncated: failure.problem == .unexpectedEnd)
    } catch let error as ReportReadError {
      throw error
    } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
  }

  /// One pass over one document.
  private struct Parse {
    var reader: JSONPullReader
    let path: String
    var schemaVersion: Int?
    var toolName: String?
    var toolVersion: String?
    var root: String?
    var findings: [ReportSnapshot.Finding] = []
    var steps: [ReportSnapshot.Step] = []
    var sections: [ReportSnapshot.Section] = []
    var sawFindings = false
    var sawPlan = false
    /// The first step without an id, where it starts.
    var stepWithoutID: (line: Int, column: Int)?

    init(reader: JSONPullReader, path: String) {
      self.reader = reader
      self.path = path
    }

    /// True once the version is known to be one this reader does not read: the rest is skipped.
    var foreign: Bool { schemaVersion.map { !JSONReportVersion.readable.contains($0) } ?? false }

    mutating func document() throws -> ReportSnapshot {
      guard try reader.peekKind() == .object else { throw ReportReadError.notAReport(path: path, writer: nil) }
      try reader.beginObject()
      while let key = try reader.nextKey() {
        switch key {
        case "schemaVersion":
          guard try reader.peekKind() == .number else { throw malformed("schemaVersion is not a number") }
          schemaVersion = try reader.int()
        case "tool":
          try tool()
          if let toolName, toolName != "migrate-scan" { throw ReportReadError.notAReport(path: path, writer: toolName) }
        case "root":
          // Read even from a foreign layout when it is a string: the message names the command
          // that writes the report again.
          let isString = try reader.peekKind() == .string
          if foreign && !isString {
            try reader.skipValue()
          } else {
            root = try field("root") { try $0.string() }
          }
        case "findings" where !foreign:
          sawFindings = true
          try array("findings") { parse throws in try parse.finding() }
        case "plan" where !foreign:
          sawPlan = true
          try plan()
        default:
          try reader.skipValue()
        }
      }
      try reader.end()
      guard toolName != nil else { throw ReportReadError.notAReport(path: path, writer: nil) }
      guard let schemaVersion else { throw malformedAtEnd("it has no schemaVersion") }
      guard JSONReportVersion.readable.contains(schemaVersion) else {
        throw ReportReadError.unknownSchemaVersion(
          path: path, version: schemaVersion, toolVersion: toolVersion, root: root)
      }
      if let stepWithoutID {
        throw ReportReadError.stepsWithoutIDs(
          path: path, line: stepWithoutID.line, column: stepWithoutID.column, toolVersion: toolVersion, root: root)
      }
      guard let root else { throw malformedAtEnd("it has no root") }
      guard sawFindings else { throw malformedAtEnd("it has no findings") }
      guard sawPlan else { throw malformedAtEnd("it has no plan") }
      return ReportSnapshot(
        path: path, schemaVersion: schemaVersion, toolVersion: toolVersion ?? "", root: root, findings: findings,
        steps: steps, sections: sections)
    }

    mutating func tool() throws {
      guard try reader.peekKind() == .object else {
        try reader.skipValue()
        return
      }
      try reader.beginObject()
      while let key = try reader.nextKey() {
        switch key {
        case "name", "version":
          guard try reader.peekKind() == .string else { fallthrough }
          if key == "name" { toolName = try reader.string() } else { toolVersion = try reader.string() }
        default: try reader.skipValue()
        }
      }
    }

    // MARK: - Findings

    mutating func finding() throws {
      let start = reader.location()
      try expect(.object, "a finding is not an object")
      var fingerprint: String?
      var ruleID: String?
      var category = ""
      var severity = ""
      var disposition = ""
      var phase: String?
      var module: String?
      var file: String?
      var line: Int?
      var column = 1
      var symbol: String?
      var message = ""
      var suppressed = false
      try reader.beginObject()
      while let key = try reader.nextKey() {
        switch key {
        case "fingerprint": fingerprint = try field(key) { try $0.string() }
        case "ruleId": ruleID = try field(key) { try $0.string() }
        case "category": category = try field(key) { try $0.string() }
        case "severity": severity = try field(key) { try $0.string() }
        case "disposition":
          disposition = try field(key) { try $0.string() }
        case "phase": phase = try field(key) { try $0.optionalString() }
        case "module": module = try field(key) { try $0.optionalString() }
        case "file": file = try field(key) { try $0.string() }
        case "line": line = try field(key) { try $0.int() }
        case "column": column = try field(key) { try $0.int() }
        case "symbol": symbol = try field(key) { try $0.optionalString() }
        case "message": message = try field(key) { try $0.string() }
        case "suppression":
          suppressed = try field(key) { try $0.optionalString() } != nil
        default: try reader.skipValue()
        }
      }
      guard let fingerprint, let ruleID, let file, let line else {
        let missing = fingerprint == nil ? "fingerprint" : ruleID == nil ? "ruleId" : file == nil ? "file" : "line"
        throw ReportReadError.malformed(
          path: path, line: start.line, column: start.column, problem: "a finding has no \(missing)", root: root)
      }
      findings.append(
        ReportSnapshot.Finding(
          fingerprint: fingerprint, ruleID: ruleID, category: category, severity: severity, disposition: disposition,
          phase: phase, module: module, file: file, line: line, column: column, symbol: symbol, message: message,
          suppressed: suppressed))
    }

    // MARK: - The plan

    mutating func plan() throws {
      try expect(.object, "plan is not an object")
      try reader.beginObject()
      while let key = try reader.nextKey() {
        guard key == "phases" else {
          try reader.skipValue()
          continue
        }
        try array("phases") { parse throws in try parse.phase() }
      }
    }

    mutating func phase() throws {
      let start = reader.location()
      try expect(.object, "a phase is not an object")
      var id: String?
      var title = ""
      var phaseSteps: [ReportSnapshot.Step] = []
      try reader.beginObject()
      while let key = try reader.nextKey() {
        switch key {
        case "id": id = try field(key) { try $0.string() }
        case "title": title = try field(key) { try $0.string() }
        case "steps":
          try expect(.array, "steps is not an array")
          try reader.beginArray()
          while try reader.nextElement() {
            if let step = try step() { phaseSteps.append(step) }
          }
        default: try reader.skipValue()
        }
      }
      guard let id else {
        throw ReportReadError.malformed(
          path: path, line: start.line, column: start.column, problem: "a phase has no id", root: root)
      }
      sections.append(ReportSnapshot.Section(id: id, title: title))
      // The section is known only once the phase is read: `id` may come after `steps`.
      for var step in phaseSteps {
        step.section = id
        steps.append(step)
      }
    }

    /// One step, or nil for a step without an id (remembered: the whole report is refused).
    mutating func step() throws -> ReportSnapshot.Step? {
      let start = reader.location()
      try expect(.object, "a step is not an object")
      var id: String?
      var kind = ""
      var title: String?
      var unit: String?
      var folder = ""
      var wave = 0
      var module: String?
      var stepFindings: [String] = []
      var lines = 0
      try reader.beginObject()
      while let key = try reader.nextKey() {
        switch key {
        case "id": id = try field(key) { try $0.string() }
        case "kind": kind = try field(key) { try $0.string() }
        case "title": title = try field(key) { try $0.string() }
        case "unit": unit = try field(key) { try $0.optionalString() }
        case "folder": folder = try field(key) { try $0.string() }
        case "wave": wave = try field(key) { try $0.int() }
        case "module": module = try field(key) { try $0.string() }
        case "findings":
          stepFindings = try field(key) { try $0.strings() }
        case "size":
          try expect(.object, "size is not an object")
          try reader.beginObject()
          while let sizeKey = try reader.nextKey() {
            if sizeKey == "lines" {
              lines = try field("size.lines") { try $0.int() }
            } else {
              try reader.skipValue()
            }
          }
        default: try reader.skipValue()
        }
      }
      guard let id else {
        if stepWithoutID == nil { stepWithoutID = start }
        return nil
      }
      guard let title, let module else {
        throw ReportReadError.malformed(
          path: path, line: start.line, column: start.column,
          problem: "step '\(id)' has no \(title == nil ? "title" : "module")", root: root)
      }
      return ReportSnapshot.Step(
        id: id, section: "", kind: kind, title: title, unit: unit, folder: folder, wave: wave, module: module,
        findings: stepFindings, lines: lines)
    }

    // MARK: - Helpers

    /// Reads one field with `read`; a value of the wrong type is a malformed report naming the
    /// field, not "not JSON".
    mutating func field<Value>(_ name: String, _ read: (inout JSONPullReader) throws -> Value) throws -> Value {
      let start = reader.location()
      do {
        return try read(&reader)
      } catch let error as JSONPullReader.Failure {
        // A wrong type is refused before the reader moves; a syntax error inside the value (a
        // bad escape) comes after it has, and is still "not JSON".
        guard case .expected(let what) = error.problem, reader.location() == start else { throw error }
        throw ReportReadError.malformed(
          path: path, line: start.line, column: start.column, problem: "\(name) is not \(what)", root: root)
      }
    }

    mutating func array(_ name: String, _ element: (inout Parse) throws -> Void) throws {
      try expect(.array, "\(name) is not an array")
      try reader.beginArray()
      while try reader.nextElement() { try element(&self) }
    }

    mutating func expect(_ kind: JSONPullReader.Kind, _ problem: String) throws {
      let start = reader.location()
      guard try reader.peekKind() == kind else {
        throw ReportReadError.malformed(
          path: path, line: start.line, column: start.column, problem: problem, root: root)
      }
    }

    func malformed(_ problem: String) -> ReportReadError {
      var copy = reader
      let start = copy.location()
      return .malformed(path: path, line: start.line, column: start.column, problem: problem, root: root)
    }

    mutating func malformedAtEnd(_ problem: String) -> ReportReadError {
      let end = reader.location()
      return .malformed(path: path, line: end.line, column: end.column, problem: problem, root: root)
    }
  }
}
