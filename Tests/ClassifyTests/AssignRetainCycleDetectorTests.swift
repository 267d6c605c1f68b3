import Classify
import ScanModel
import Testing

@Suite struct AssignRetainCycleDetectorTests {
  let detectors = ["assign-retain-cycle"]

  @Test func assignOnSelfStoredInSelf() {
    let source = """
      import Combine
      final class ViewModel: ObservableObject {
        @Published var title = ""
        private var cancellables = Set<AnyCancellable>()
        private var token: AnyCancellable?
        init(store: Store) {
          store.$name.map { $0.uppercased() }.assign(to: \\.title, on: self).store(in: &cancellables)
          token = store.$name.assign(to: \\.title, on: self)
          cancellables.insert(store.$name.assign(to: \\.title, on: self))
          store.$name.assign(to: &$title)
          let local = store.$name.assign(to: \\.title, on: self)
          store.$name.assign(to: \\.title, on: other).store(in: &cancellables)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.range.start.line) == [7, 8, 9])
    #expect(findings.map(\.range.start.column) == [5, 5, 5])
    #expect(findings.map(\.symbol) == ["ViewModel.init", "ViewModel.init", "ViewModel.init"])
    #expect(findings[1].reasons[0].contains("`token` keeps it"))
    #expect(findings.allSatisfy { $0.disposition == .fixNow && $0.phase == nil })
  }

  @Test func weakOwnershipBreaksTheCycle() {
    let source = """
      import Combine
      final class Model {
        var value = 0
        var token: AnyCancellable?
        let subject = PassthroughSubject<Int, Never>()
        func bind() {
          token = subject.assign(to: \\.value, on: self, ownership: .weak)
          token = subject.assign(to: \\.value, on: self, ownership: .strong)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(findings.map(\.range.start.line) == [8])
  }

  @Test func reasonNamesTheLineAndTheEndlessSource() {
    let source = """
      import Combine
      final class Form: ObservableObject {
        @Published var a = ""
        @Published var b = ""
        @Published var valid = false
        var bag = Set<AnyCancellable>()
        init() {
          Publishers.CombineLatest($a, $b)
            .map { !$0.isEmpty && !$1.isEmpty }
            .assign(to: \\.valid, on: self)
            .store(in: &bag)
        }
      }
      """
    let findings = Support.findings(source, detectors: detectors)
    #expect(
      findings.first?.reasons.first
        == "line 10: the source (`Publishers.CombineLatest(…)`) never finishes, `assign(to:on: self)` holds `self` "
        + "strongly and `.store(in:)` keeps it in `self`'s cancellables: a retain cycle, the object never deallocates")
  }
}
