import Combine

final class Feed {
  let items = PassthroughSubject<Int, Never>()
}
