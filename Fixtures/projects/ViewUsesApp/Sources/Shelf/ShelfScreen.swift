import Catalog
import SwiftUI

struct ShelfScreen: View {
  @ObservedObject var bookcase: Bookcase
  @State private var shown = 0

  var body: some View {
    VStack {
      TextField("Filter", text: $bookcase.filter)
      ForEach(bookcase.titles, id: \.self) { TitleRow(title: $0) }
    }
    .onReceive(bookcase.$titles) { shown = $0.count }
  }
}
