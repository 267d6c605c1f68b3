import Catalog
import SwiftUI

struct TitleRow: View {
  @EnvironmentObject var bookcase: Bookcase
  let title: String

  var body: some View {
    Button(title) { bookcase.shelve(title) }
  }
}
