// libFuzzer target for path globs: the input is a glob and a path, split at the first NUL
// byte (no NUL: the first line is the glob). Matching never traps, stays within a polynomial
// step bound (globs come from the scanned repository), and for small inputs agrees with
// trying every split of every `**`. Built by .ci/fuzz, not by SwiftPM.
import RuleEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func globFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let split = bytes.firstIndex(of: 0) ?? bytes.firstIndex(of: 10) ?? bytes.count
  let globText = String(decoding: bytes[..<split], as: UTF8.self)
  let path = String(decoding: bytes[min(split + 1, bytes.count)...], as: UTF8.self)
  let glob = Glob(globText)
  var steps = 0
  let matched = glob.matches(path, steps: &steps)
  let globBytes = globText.utf8.count
  let pathBytes = path.utf8.count
  let depth = path.utf8.filter { $0 == UInt8(ascii: "/") }.count + 1
  precondition(steps <= (globBytes + 2) * (pathBytes + 2) * (depth + 2), "glob work not polynomial: \(steps)")

  let globParts = components(globText)
  let pathParts = components(path)
  let isBasenameGlob = !globText.utf8.contains(UInt8(ascii: "/"))
  // The reference is exponential in the stars: compare only where it stays quick.
  let stars = globText.utf8.filter { $0 == UInt8(ascii: "*") }.count
  if !isBasenameGlob && stars <= 6 && globParts.count <= 6 && pathParts.count <= 8 && pathBytes <= 40 {
    var parts = pathParts[...]
    if parts.first == [UInt8(ascii: ".")] { parts = parts.dropFirst() }
    precondition(matched == exhaustive(globParts[...], parts), "greedy and exhaustive matching disagree")
  }
  return 0
}

private func components(_ text: String) -> [[UInt8]] {
  Array(text.utf8).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
}

private func exhaustive(_ glob: ArraySlice<[UInt8]>, _ path: ArraySlice<[UInt8]>) -> Bool {
  guard let first = glob.first else { return path.isEmpty }
  if first == [UInt8(ascii: "*"), UInt8(ascii: "*")] {
    return (0...path.count).contains { exhaustive(glob.dropFirst(), path.dropFirst($0)) }
  }
  guard let part = path.first, component(first[...], part[...]) else { return false }
  return exhaustive(glob.dropFirst(), path.dropFirst())
}

private func component(_ glob: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
  guard let first = glob.first else { return text.isEmpty }
  if first == UInt8(ascii: "*") {
    return (0...text.count).contains { component(glob.dropFirst(), text.dropFirst($0)) }
  }
  guard let byte = text.first, first == UInt8(ascii: "?") || first == byte else { return false }
  return component(glob.dropFirst(), text.dropFirst())
}
