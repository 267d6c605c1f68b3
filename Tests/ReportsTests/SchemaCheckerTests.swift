import Foundation
import MigrateScanTestSupport
import Testing

/// The schema checker the tests validate with: what each keyword accepts and rejects, and that it
/// agrees with python's `jsonschema` (the reference implementation) wherever that is installed.
@Suite struct SchemaCheckerTests {
  static func problems(_ schema: String, _ document: String) throws -> [String] {
    JSONSchemaChecker(schema: try JSONNode.parse(schema)).problems(in: try JSONNode.parse(document))
  }

  @Test(arguments: [
    (#"{"type": "integer"}"#, "3", true), (#"{"type": "integer"}"#, "3.5", false),
    (#"{"type": ["string", "null"]}"#, "null", true), (#"{"type": "string"}"#, "1", false),
    (#"{"enum": ["a", 1]}"#, "1.0", true), (#"{"enum": ["a", 1]}"#, "\"b\"", false),
    (#"{"const": {"a": [1]}}"#, #"{"a": [1]}"#, true), (#"{"const": 2}"#, "3", false),
    (#"{"required": ["a"], "properties": {"a": {"type": "string"}}}"#, #"{"a": 1}"#, false),
    (#"{"required": ["a"]}"#, #"{"b": 1}"#, false),
    (#"{"properties": {"a": {}}, "additionalProperties": false}"#, #"{"a": 1, "b": 2}"#, false),
    (#"{"properties": {"a": {}}, "additionalProperties": {"type": "number"}}"#, #"{"a": "x", "b": 2}"#, true),
    (#"{"patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false}"#, #"{"x-a": "s"}"#, true),
    (#"{"propertyNames": {"pattern": "^[a-z]+$"}}"#, #"{"Ab": 1}"#, false),
    (#"{"items": {"type": "number"}, "minItems": 2}"#, "[1]", false),
    (#"{"items": {"type": "number"}, "uniqueItems": true}"#, "[1, 2, 1]", false),
    (#"{"prefixItems": [{"type": "string"}], "items": {"type": "number"}}"#, #"["a", 1, 2]"#, true),
    (#"{"minimum": 0, "maximum": 10}"#, "11", false), (#"{"exclusiveMinimum": 0}"#, "0", false),
    (#"{"$schema": "http://json-schema.org/draft-04/schema#", "minimum": 0, "exclusiveMinimum": true}"#, "0", false),
    (#"{"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer"}"#, "2.0", false),
    (#"{"type": "integer"}"#, "2.0", true),
    (#"{"pattern": "^[0-9]+\\.[0-9]+$"}"#, "\"2.1\"", true), (#"{"pattern": "^a"}"#, "\"ba\"", false),
    (#"{"minLength": 2}"#, "\"é\"", false),
    (#"{"anyOf": [{"type": "string"}, {"type": "number"}]}"#, "true", false),
    (#"{"oneOf": [{"type": "number"}, {"minimum": 0}]}"#, "5", false),
    (#"{"allOf": [{"type": "number"}, {"minimum": 0}]}"#, "-1", false), (#"{"not": {"type": "null"}}"#, "null", false),
    (##"{"$defs": {"n": {"type": "number"}}, "items": {"$ref": "#/$defs/n"}}"##, #"[1, "x"]"#, false),
    (##"{"definitions": {"n": {"type": "number"}}, "$ref": "#/definitions/n"}"##, "1", true),
    (#"{"if": {"type": "number"}, "then": {"minimum": 1}, "else": {"type": "string"}}"#, "0", false),
  ])
  func keyword(schema: String, document: String, valid: Bool) throws {
    let problems = try Self.problems(schema, document)
    #expect(problems.isEmpty == valid, "\(schema) on \(document): \(problems)")
  }

  /// An unknown keyword fails loudly: skipping it would let documents drift while tests pass.
  @Test func unknownKeywordIsAProblem() throws {
    let problems = try Self.problems(#"{"maxContains": 1}"#, "[]")
    #expect(problems.count == 1 && problems[0].contains("maxContains"), "\(problems)")
  }

  @Test func unresolvableReferenceIsAProblem() throws {
    #expect(try Self.problems(##"{"$ref": "#/nowhere"}"##, "1").count == 1)
    #expect(try Self.problems(#"{"$ref": "other.json"}"#, "1").count == 1)
  }

  @Test func parserRoundTripsAndRejectsBrokenText() throws {
    let text = #"{"a":[1,2.5,-3e2,true,null,"é\n\"x\" \ud83d\ude00"],"b":{}}"#
    #expect(try JSONNode.parse(try JSONNode.parse(text).jsonText) == JSONNode.parse(text))
    for broken in ["{", "[1,]", "{\"a\" 1}", "01x", "\"\u{01}\"", "[1] 2", "\"\\ud800\""] {
      #expect(throws: JSONNode.ParseError.self, "\(broken)") { try JSONNode.parse(broken) }
    }
  }

  static let documents: [(schema: String, document: String)] = [
    ("Sources/Reports/report.schema.json", "Fixtures/reports/report.json"),
    ("Sources/Reports/report.schema.json", "Fixtures/reports/empty.json"),
    ("Sources/Reports/report.schema.json", "Fixtures/projects/SampleApp.expected/report.json"),
    ("Fixtures/schemas/sarif-schema-2.1.0.json", "Fixtures/reports/report.sarif"),
    ("Fixtures/schemas/sarif-schema-2.1.0.json", "Fixtures/projects/SampleApp.expected/report.sarif"),
  ]

  static let pythonHasJSONSchema: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import jsonschema"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  /// Every golden document and hundreds of mutants of each (a member removed, a value's type
  /// changed, an unknown member added): the checker and python's `jsonschema` must agree on each.
  /// Skipped, and said so, where python3 or its `jsonschema` is missing; the suite needs neither.
  @Test(
    .enabled(if: pythonHasJSONSchema, "python3 with jsonschema is not installed: the cross-check is skipped"),
    arguments: documents.map { $0.document })
  func agreesWithPythonJSONSchema(document: String) throws {
    let root = FixturePaths.packageRoot
    let schemaPath = try #require(Self.documents.first { $0.document == document }).schema
    let schemaURL = root.appendingPathComponent(schemaPath)
    let schema = try JSONNode.parse(try String(contentsOf: schemaURL, encoding: .utf8))
    let original = try JSONNode.parse(try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8))
    let mutants = [original] + Self.mutants(of: original, limit: 300)
    let checker = JSONSchemaChecker(schema: schema)
    let ours = mutants.map { checker.problems(in: $0).isEmpty }
    let theirs = try Self.pythonVerdicts(schema: schemaURL.path, documents: mutants)
    #expect(ours.first == true, "the golden itself must validate")
    #expect(ours.contains(false), "some mutant must be rejected, or the comparison proves nothing")
    for (index, (mine, python)) in zip(ours, theirs).enumerated() where mine != python {
      Issue.record(
        "mutant \(index) of \(document): checker says \(mine), jsonschema says \(python): \(mutants[index].jsonText.prefix(300))"
      )
    }
    #expect(ours.count == theirs.count)
  }

  /// Deterministic mutants, spread over the document: every k-th site of each kind.
  static func mutants(of node: JSONNode, limit: Int) -> [JSONNode] {
    var sites: [[Edit]] = [[], [], []]
    collect(node, path: [], into: &sites)
    var result: [JSONNode] = []
    for kind in sites {
      let step = max(1, kind.count / (limit / 3))
      for index in stride(from: 0, to: kind.count, by: step) { result.append(apply(kind[index], to: node)) }
    }
    return result
  }

  enum Edit {
    case remove(path: [String], key: String)
    case retype(path: [String])
    case addMember(path: [String])
  }

  static func collect(_ node: JSONNode, path: [String], into sites: inout [[Edit]]) {
    switch node {
    case .object(let members):
      sites[2].append(.addMember(path: path))
      for member in members {
        sites[0].append(.remove(path: path, key: member.key))
        collect(member.value, path: path + [member.key], into: &sites)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() { collect(element, path: path + ["\(index)"], into: &sites) }
    default:
      sites[1].append(.retype(path: path))
    }
  }

  static func apply(_ edit: Edit, to node: JSONNode) -> JSONNode {
    switch edit {
    case .remove(let path, let key):
      return modify(node, at: path[...]) { target in
        guard case .object(let members) = target else { return target }
        return .object(members.filter { $0.key != key })
      }
    case .retype(let path):
      return modify(node, at: path[...]) { target in
        if case .string = target { return .number(7, isInteger: true) }
        return .string("mutated")
      }
    case .addMember(let path):
      return modify(node, at: path[...]) { target in
        guard case .object(let members) = target else { return target }
        return .object(members + [(key: "zzUnknownMember", value: .bool(true))])
      }
    }
  }

  static func modify(_ node: JSONNode, at path: ArraySlice<String>, _ change: (JSONNode) -> JSONNode) -> JSONNode {
    guard let head = path.first else { return change(node) }
    switch node {
    case .object(let members):
      return .object(members.map { $0.key == head ? ($0.key, modify($0.value, at: path.dropFirst(), change)) : $0 })
    case .array(var elements):
      if let index = Int(head), elements.indices.contains(index) {
        elements[index] = modify(elements[index], at: path.dropFirst(), change)
      }
      return .array(elements)
    default: return node
    }
  }

  /// python's verdict (valid or not) for each document, in one python run.
  static func pythonVerdicts(schema: String, documents: [JSONNode]) throws -> [Bool] {
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1], encoding="utf-8"))
      cls = jsonschema.validators.validator_for(schema)
      validator = cls(schema)
      for line in sys.stdin.buffer.read().decode("utf-8").splitlines():
          print("1" if validator.is_valid(json.loads(line)) else "0")
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, schema]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // python reads all of stdin before it writes, so writing first cannot deadlock.
    input.fileHandleForWriting.write(Data(documents.map(\.jsonText).joined(separator: "\n").utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").map { $0 == "1" }
  }
}
