import Combine

final class Feed {
  // migrate-scan:disable-next-line subject -- one consumer, kept until the view moves
  let items = PassthroughSubject<Int, Never>()
  // migrate-scan:disable-next-line subject
  let errors = PassthroughSubject<Error, Never>()
}
