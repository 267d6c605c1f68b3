import Combine
import Foundation

let store = NoteStore()
let search = SearchModel(store: store)
let editor = EditorModel(store: store)
let firstLoad = store.load()
  .map(\.count)
  .sink(receiveCompletion: { _ in }, receiveValue: { count in print("loaded \(count) notes") })
