import Classify
import ScanModel
import Testing

/// A `private` subject its file never names again is dead code: nothing sends to it or subscribes
/// to it, so the advice is to delete it, not to turn it into a stream waiting for a consumer.
/// (IceCubesApp's `AddAccountView` kept a `private let instanceNamePublisher` from a copy of
/// another view: it was told "`AsyncStream.makeStream()` can replace it once its one consumer
/// exists".)
@Suite struct UnusedSubjectTests {
  let detectors = ["subject"]

  func verdict(_ source: String) -> Finding? {
    Support.findings([("Sources/App/View.swift", "import Combine\n" + source)], detectors: detectors).first
  }

  @Test func aPrivateSubjectNamedNowhereElseIsDeleted() throws {
    let finding = try #require(
      verdict(
        """
        struct AddAccountView {
          private let instanceNamePublisher = PassthroughSubject<String, Never>()
          var body: String { "instance" }
        }
        """))
    #expect(finding.disposition == .migrate)
    #expect(finding.phase == .cleanup)
    #expect(finding.reasons.count == 1)
    #expect(finding.reasons.first?.hasPrefix("unused: its declaration is the only place its file names it") == true)
    #expect(finding.reasons.first?.contains("delete it") == true)
  }

  /// `fileprivate`, and a `CurrentValueSubject`, are the same.
  @Test func aFilePrivateCurrentValueSubjectNamedNowhereElseIsDeleted() {
    let finding = verdict(
      """
      final class Store {
        fileprivate var state = CurrentValueSubject<Int, Never>(0)
      }
      """)
    #expect(finding?.phase == .cleanup)
  }

  /// Any other mention is a use: a send in an extension of the same file, a capture, an
  /// interpolation. The verdict is then the usual one.
  @Test(
    arguments: [
      "extension AddAccountView { func typed(_ name: String) { instanceNamePublisher.send(name) } }",
      "let capture = { [instanceNamePublisher] in _ = instanceNamePublisher }",
      "let text = \"\\(AddAccountView().instanceNamePublisher)\"",
    ])
  func anotherMentionIsAUse(other: String) {
    let finding = verdict(
      """
      struct AddAccountView {
        private let instanceNamePublisher = PassthroughSubject<String, Never>()
      }
      \(other)
      """)
    #expect(finding?.phase != .cleanup, "\(finding?.reasons ?? [])")
    #expect(finding?.reasons.first?.hasPrefix("unused") == false)
  }

  /// Without `private` (or with `private(set)`, which limits the setter), another file may name
  /// it: "no consumer found", as before.
  @Test(arguments: ["let", "private(set) var", "public let"])
  func aSubjectOtherFilesCanNameIsNotCalledUnused(declaration: String) {
    let finding = verdict(
      """
      final class Events {
        \(declaration) changed = PassthroughSubject<Int, Never>()
      }
      """)
    #expect(finding?.phase != .cleanup)
    #expect(finding?.reasons.first?.hasPrefix("unused") == false)
  }

  /// A comment or a string that spells the name is no use: the file still names it nowhere.
  @Test func aMentionInACommentOrAStringIsNoUse() {
    let finding = verdict(
      """
      struct AddAccountView {
        // instanceNamePublisher debounced the field once.
        private let instanceNamePublisher = PassthroughSubject<String, Never>()
        let label = "instanceNamePublisher"
      }
      """)
    #expect(finding?.phase == .cleanup)
  }
}
