import SwiftUI

@main
struct NotesApp: App {
  @StateObject private var store = NoteStore()

  var body: some Scene {
    WindowGroup { Text("\(store.notes.count) notes") }
  }
}
