import Foundation

/// A throwaway git repository for end-to-end gate tests.
struct TemporaryRepository {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-scan-repo-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try git("init", "-q", "-b", "main")
    try git("config", "user.email", "test@example.invalid")
    try git("config", "user.name", "Test")
    try git("config", "commit.gpgsign", "false")
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }

  func write(_ relativePath: String, _ text: String) throws {
    let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func commitAll(_ message: String = "commit") throws {
    try git("add", "-A")
    try git("commit", "-q", "-m", message)
  }

  func stageAll() throws { try git("add", "-A") }

  @discardableResult
  func git(_ arguments: String...) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", path] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let output = String(decoding: data, as: UTF8.self)
    if process.terminationStatus != 0 {
      throw NSError(domain: "git", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: output])
    }
    return output
  }
}
