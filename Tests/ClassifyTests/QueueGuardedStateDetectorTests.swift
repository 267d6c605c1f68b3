import ScanModel
import SwiftLexer
import Testing

@testable import Classify

@Suite struct QueueGuardedStateDetectorTests {
  let detectors = ["queue-guarded-state"]

  @Test func privateQueueGuardingProperties() {
    let source = """
      final class ImageCache {
        private let queue = DispatchQueue(label: "cache", attributes: .concurrent)
        private var images: [URL: Image] = [:]
        private var hits = 0
        var name = "cache"
        init() { images = [:] }
        func image(for url: URL) -> Image? {
          queue.sync { hits += 1; return images[url] }
        }
        func store(_ image: Image, for url: URL) {
          queue.async(flags: .barrier) { self.images[url] = image }
          print(name)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.count == 1)
    #expect(findings[0].range.start == SourceLocation(line: 2, column: 11))
    #expect(findings[0].symbol == "ImageCache.queue")
    #expect(
      findings[0].reasons[0]
        == "`queue` guards `images`, `hits`: read and written only inside `queue.sync`/`queue.async` closures")
    #expect(findings[0].disposition == .migrate)
    #expect(findings[0].phase == .oneShot)
  }

  @Test func propertyTouchedOutsideTheQueueOrPublicQueue() {
    let source = """
      final class A {
        private let queue = DispatchQueue(label: "a")
        private var count = 0
        func bump() { queue.async { self.count += 1 } }
        func read() -> Int { count }
      }
      final class B {
        let queue = DispatchQueue(label: "b")
        private var count = 0
        func bump() { queue.async { self.count += 1 } }
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  @Test func lookAlikesInCommentsAndStrings() {
    let source = """
      final class Log {
        // private let queue = DispatchQueue(label: "x")
        private let label = "private let queue = DispatchQueue(label: x)"
        private var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
      }
      """
    #expect(Support.findings(source, detectors: detectors).isEmpty)
  }

  /// A migration candidate, never "Fix now": the remedy follows the type's users.
  @Test func remedyFollowsTheUsers() {
    let source = """
      final class Lock {
        private let queue = DispatchQueue(label: "rw", attributes: .concurrent)
        private var values: [String: Int] = [:]
        func value(_ key: String) -> Int? { return queue.sync { values[key] } }
        func set(_ v: Int, _ key: String) { queue.async(flags: .barrier) { self.values[key] = v } }
      }
      final class Keychain: KeychainStore {
        private let queue = DispatchQueue(label: "keychain")
        private var storage: [String: Data] = [:]
        var data: [String: Data] { queue.sync { storage } }
        func set(_ value: Data, key: String) { queue.sync { storage[key] = value } }
      }
      final class Screen: UIViewController {
        private lazy var queue: DispatchQueue = { DispatchQueue(label: "ui") }()
        private var rows: [Int] = []
        func add(_ row: Int) { queue.async { self.rows.append(row) } }
      }
      final class Store {
        private let queue: DispatchQueue
        private var total = 0
        init() { queue = DispatchQueue(label: "store") }
        func add(_ value: Int) async { queue.async { self.total += value } }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.symbol) == ["Lock.queue", "Keychain.queue", "Screen.queue", "Store.queue"])
    #expect(findings.allSatisfy { $0.disposition == .migrate && $0.phase == .oneShot })
    let remedies = findings.map { $0.reasons.last ?? "" }
    #expect(remedies[0].hasPrefix("remedy `Mutex` (Synchronization, iOS 18 / macOS 15) or `OSAllocatedUnfairLock`"))
    #expect(
      remedies[0].contains(
        "a reader/writer lock (`.barrier` writes, `sync` reads) with a synchronous API and nothing in the type is async"
      ))
    // A getter whose body is `queue.sync { … }` answers synchronously too.
    #expect(remedies[1].contains("reads return from `queue.sync`, a synchronous API"))
    #expect(remedies[2].hasPrefix("remedy `@MainActor`: the type is UI code"))
    #expect(
      remedies[3]
        == "remedy `actor`: the type is already used from async code, and an actor lets the compiler keep the rule "
        + "instead of a comment")
  }

  /// A reader that answers through `try queue.sync` (a `rethrows` lock, as GRDB's
  /// `ReadWriteLock`) is a synchronous API; a type that inherits from `NSObject` cannot become
  /// an actor, whatever its users.
  @Test func remedyReadsThroughTryAndKnowsWhatCannotBeAnActor() {
    let source = """
      final class ReadWriteLock<T> {
        private var _value: T
        private var queue: DispatchQueue
        init(_ value: T) { _value = value; queue = DispatchQueue(label: "rw", attributes: [.concurrent]) }
        func read<U>(_ body: (T) throws -> U) rethrows -> U {
          try queue.sync { try body(_value) }
        }
        func withLock<U>(_ body: (inout T) throws -> U) rethrows -> U {
          try queue.sync(flags: [.barrier]) { try body(&_value) }
        }
      }
      final class ChatScreen: InputbarViewController,
        UITextFieldDelegate, UIImagePickerControllerDelegate, UIAdaptivePresentationControllerDelegate,
        PHPickerViewControllerDelegate, UINavigationControllerDelegate, ShareLocationViewControllerDelegate,
        GiphyPickerViewControllerDelegate, CNContactPickerDelegate, UIDocumentPickerDelegate,
        VLCKitVideoViewControllerDelegate, ShareViewControllerDelegate, QLPreviewControllerDelegate,
        QLPreviewControllerDataSource, UIDocumentInteractionControllerDelegate, UIContextMenuInteractionDelegate,
        UIScrollViewDelegate, UITableViewDataSource, UITableViewDelegate, UIGestureRecognizerDelegate,
        UITableViewDragDelegate, UITableViewDropDelegate, UITextViewDelegate, UISearchBarDelegate,
        UIPopoverPresentationControllerDelegate, AVAudioPlayerDelegate, AVAudioRecorderDelegate
      {
        private let queue = DispatchQueue(label: "animation")
        private var group = DispatchGroup()
        func animate() { Task { await load(); queue.async { self.group.enter() } } }
      }
      final class Session: NSObject {
        private let queue = DispatchQueue(label: "session")
        private var stopped = false
        func stop() { queue.async { self.stopped = true } }
        func start() { Task { try await Task.sleep(nanoseconds: 1); queue.async { self.stopped = false } } }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.symbol) == ["ReadWriteLock.queue", "ChatScreen.queue", "Session.queue"])
    // A superclass after a long list's start is still read: UI code, so `@MainActor`.
    #expect(findings.dropFirst().first?.reasons.last?.hasPrefix("remedy `@MainActor`: the type is UI code") == true)
    let remedies = findings.map { $0.reasons.last ?? "" }
    let reader = "a reader/writer lock (`.barrier` writes, `sync` reads) with a synchronous API"
    #expect(remedies.first?.contains(reader) == true)
    #expect(remedies.last?.hasSuffix("the type inherits from `NSObject`, and an `actor` cannot") == true)
    #expect(remedies.allSatisfy { !$0.hasPrefix("remedy `actor`") })
  }

  /// A class whose first inherited name may be a superclass is not told to become an actor (an
  /// actor cannot inherit): a subclass of a framework's class, as talk-ios' video capturer; nor
  /// is an `open` class, which clients subclass.
  /// A protocol of the file, a standard protocol or a protocol's name still leave the actor.
  @Test func aClassThatMayHaveASuperclassIsNotToldToBecomeAnActor() {
    let source = """
      protocol Capture {}
      final class Capturer<Frame: Equatable>: @unchecked WebRTC.RTCVideoCapturer, Capture {
        private let queue = DispatchQueue(label: "capture")
        private var running = false
        func stop() { queue.async { self.running = false } }
        func start() { Task { await warmUp(); queue.async { self.running = true } } }
      }
      final class Recorder: Capture {
        private let queue = DispatchQueue(label: "record")
        private var running = false
        func stop() { queue.async { self.running = false } }
      }
      final class Uploader: @unchecked Sendable {
        private let queue = DispatchQueue(label: "upload")
        private var running = false
        func stop() { queue.async { self.running = false } }
      }
      final class Player: PlaybackDelegate {
        private let queue = DispatchQueue(label: "play")
        private var running = false
        func stop() { queue.async { self.running = false } }
      }
      open class Downloader: @unchecked Sendable {
        private let queue = DispatchQueue(label: "download")
        private var running = false
        open func stop() { queue.async { self.running = false } }
      }
      final class Plain {
        private let queue = DispatchQueue(label: "plain")
        private var running = false
        func stop() { queue.async { self.running = false } }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(
      findings.map(\.symbol) == [
        "Capturer.queue", "Recorder.queue", "Uploader.queue", "Player.queue", "Downloader.queue", "Plain.queue",
      ])
    let remedies = findings.map { $0.reasons.last ?? "" }
    #expect(remedies.first?.contains("if `RTCVideoCapturer` is a class, the type cannot become an `actor`") == true)
    #expect(remedies.first?.hasPrefix("remedy `Mutex`") == true)
    // An `open` class has subclasses an actor could not have (Kingfisher's `ImageDownloader`).
    #expect(remedies[4].hasSuffix("the class is `open`, and an `actor` cannot be subclassed"))
    #expect(
      remedies.enumerated().allSatisfy { $0.offset == 0 || $0.offset == 4 || $0.element.hasPrefix("remedy `actor`") })
  }

  @Test func theFirstInheritedNameSkipsGenericsAttributesAndModules() {
    func first(_ source: String) -> String? {
      let view = SignificantTokenView(Lexer.tokenize(Array(source.utf8)))
      var open = 0
      while open < view.count && view.kind(open) != .leftBrace { open += 1 }
      return QueueGuardedStateDetector.firstInherited(view, head: 0, open: open)
    }
    #expect(first("class A<T: P, U>: B, C {}") == "B")
    #expect(first("class A: @preconcurrency M.Base {}") == "Base")
    #expect(first("class A where T: P {}") == nil)
    #expect(first("class A {}") == nil)
    #expect(QueueGuardedStateDetector.isProtocolName("CacheProtocol"))
    #expect(!QueueGuardedStateDetector.isProtocolName("RTCVideoCapturer"))
  }

  /// Below iOS 16 neither lock the remedy names exists (pocket-casts targets iOS 15): the
  /// finding says what does, and says nothing where the target has them.
  @Test func aLockRemedyBelowTheLocksTargetNamesOneThatExists() {
    let source = """
      final class Flag {
        private let queue = DispatchQueue(label: "flag")
        private var stored = false
        var value: Bool { queue.sync { stored } }
        func set(_ new: Bool) { queue.sync { stored = new } }
      }
      """
    func lastReasons(_ targets: [String: String]) -> [String] {
      let context = ClassifyContext(modules: ["Sources/App/File.swift": "App"], deploymentTargets: ["App": targets])
      let findings = Support.findings([("Sources/App/File.swift", source)], detectors: detectors, context: context)
      return findings.first.map { Array($0.reasons.dropFirst()) } ?? []
    }
    let old = lastReasons(["iOS": "15.0", "watchOS": "8.0"])
    #expect(old.count == 3)
    #expect(old.first?.hasPrefix("remedy `Mutex`") == true)
    #expect(old.dropFirst().first?.hasPrefix("deployment target iOS 15.0 is below iOS 16") == true)
    #expect(
      old.last
        == "deployment target watchOS 8.0 is below watchOS 9, which `OSAllocatedUnfairLock` needs (`Mutex` later "
        + "still): until it rises, guard the state with an `NSLock`")
    #expect(lastReasons(["iOS": "16.0"]).count == 1)
  }
}
