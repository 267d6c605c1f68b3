import Foundation

/// Validates JSON text against a JSON Schema with python3's `jsonschema`, the reference
/// implementation, so our schema and SARIF output are checked by something we did not write.
///
/// A missing python3 or `jsonschema` is a failure with a clear message, never a silent skip: a
/// schema test that quietly stops running would let the format drift.
enum SchemaValidator {
  /// Why validation failed, or `nil` when `json` is valid against the schema at `schema`.
  static func problems(in json: String, schema: URL) -> String? {
    let script = """
      import json, sys
      try:
          import jsonschema
      except ImportError:
          print("python3 cannot import 'jsonschema': install it with 'python3 -m pip install jsonschema'")
          sys.exit(3)
      with open(sys.argv[1], encoding="utf-8") as handle:
          schema = json.load(handle)
      instance = json.loads(sys.stdin.buffer.read().decode("utf-8"))
      validator = jsonschema.validators.validator_for(schema)
      validator.check_schema(schema)
      errors = sorted(validator(schema).iter_errors(instance), key=lambda e: [str(p) for p in e.absolute_path])
      for error in errors:
          print("/" + "/".join(str(p) for p in error.absolute_path) + ": " + error.message)
      sys.exit(1 if errors else 0)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, schema.path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    do {
      try process.run()
    } catch {
      return "cannot run python3 to validate against \(schema.lastPathComponent): \(error)"
    }
    // python reads all of stdin before it writes, so writing first cannot deadlock.
    input.fileHandleForWriting.write(Data(json.utf8))
    try? input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      return
        "schema validation against \(schema.lastPathComponent) failed (exit \(process.terminationStatus)):\n\(text)"
    }
    return nil
  }
}
