// libFuzzer target for the configuration reader: the input is a `.migrate-scan.json`. It
// either parses, and its globs then match a path without a trap, or is refused with a message
// that names the file. Built by .ci/fuzz together with Sources/MigrateScanKit/Configuration.swift
// and the CLI error it throws (the rest of MigrateScanKit is not needed), not by SwiftPM.
import RuleEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func configurationFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    let configuration = try Configuration.parse(bytes, path: "fuzz.json", folder: "/fuzz")
    for text in configuration.include + configuration.exclude {
      _ = Glob(text).matches("Sources/App/Feature/View.swift")
    }
  } catch {
    precondition(error.description.contains("fuzz.json"), "an error that does not name the file")
  }
  return 0
}
