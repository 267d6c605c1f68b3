import Combine

final class Feed {
  // migrate-scan:disable-next-line subjcet -- one consumer
  let items = PassthroughSubject<Int, Never>()
}
