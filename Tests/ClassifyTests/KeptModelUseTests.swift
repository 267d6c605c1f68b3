import Testing

@testable import Classify

/// A view's use of a library's public model that keeps its `ObservableObject` API: the verdict is
/// keep, so the words may not offer the `@Observable` replacement (Nuke's `LazyImage` was told
/// "`@StateObject` → `@State`", which would stop the view observing a model that stays).
@Suite struct KeptModelUseTests {
  @Test func theUseAsWrittenStaysAndNoReplacementIsOffered() {
    let kept = Classifier.keptModelUse(
      "`@StateObject private var model = FetchImage()` → `@State private var model = FetchImage()`",
      model: "FetchImage")
    #expect(
      kept.message
        == "`@StateObject private var model = FetchImage()` stays: `FetchImage` keeps its `ObservableObject` API")
    #expect(!kept.message.contains("@State private"))
    #expect(!kept.help.contains("instead of"))
  }

  @Test func aMessageWithoutAReplacementSaysTheUseStays() {
    let kept = Classifier.keptModelUse(
      "`.onReceive(loader.$image)` reads `$image`, which goes away with the move to `@Observable`", model: "Loader")
    #expect(kept.message == "a use of `Loader` stays: `Loader` keeps its `ObservableObject` API")
  }
}
