import Foundation

/// One note: plain data, no Combine.
struct Note: Identifiable, Hashable {
  let id: UUID
  var title: String
  var body: String
}
