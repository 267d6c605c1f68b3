import Foundation

/// Validates reports against JSON Schemas with `JSONSchemaChecker`: no python, no pip, nothing
/// beyond the toolchain. The one validator every test target uses.
package enum SchemaValidator {
  /// Why `json` fails the schema at `schema`, one problem a line, or `nil` when it is valid. An
  /// unreadable schema or a document that is not JSON is a problem too, never a pass.
  package static func problems(in json: String, schema: URL) -> String? {
    let schemaText: String
    do {
      schemaText = try String(contentsOf: schema, encoding: .utf8)
    } catch {
      return "cannot read the schema \(schema.path): \(error)"
    }
    let schemaNode: JSONNode
    let document: JSONNode
    do {
      schemaNode = try JSONNode.parse(schemaText)
    } catch {
      return "the schema \(schema.lastPathComponent) is not JSON: \(error)"
    }
    do {
      document = try JSONNode.parse(json)
    } catch {
      return "the document is not JSON: \(error)"
    }
    let problems = JSONSchemaChecker(schema: schemaNode).problems(in: document)
    guard !problems.isEmpty else { return nil }
    return "validation against \(schema.lastPathComponent) failed:\n" + problems.prefix(20).joined(separator: "\n")
  }

  /// The same for a document on disk: status 0 when valid, else 1 with the problems.
  package static func validate(document: String, schema: String) throws -> (status: Int32, output: String) {
    let json = try String(contentsOfFile: document, encoding: .utf8)
    if let problems = problems(in: json, schema: URL(fileURLWithPath: schema)) { return (1, problems) }
    return (0, "")
  }
}
