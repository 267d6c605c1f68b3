/// How the stream of each publisher-returning function of the tree ends, joined across files.
///
/// By name, as a call names the function (`repository.changes()`): the declarations of one name
/// must agree, or the end is unknown; when they agree, every one of them is listed, never one
/// picked for the others. By declaring type too, for a call that writes it
/// (`Mastodon.API.App.verifyCredentials(…)` means `App`'s, not `Account`'s).
struct SourceEnds: Sendable {
  /// One name's (or one type's member's) end and its declarations.
  struct Entry: Sendable, Equatable {
    var end: StreamEnd
    /// `path:line` of each declaration, in the order of the files; empty when they disagree.
    var places: [String]
  }

  private var byName: [String: Entry] = [:]
  private var byOwner: [String: Entry] = [:]

  /// Joins `sources`, each with its `path:line`, in file order.
  init(_ sources: [(source: PublisherSource, place: String)]) {
    let named = SourceEnds.join(sources.map { ($0.source.name, $0.source, $0.place) })
    let owned = SourceEnds.join(
      sources.filter { !$0.source.owner.isEmpty }.map {
        (Self.key($0.source.owner, $0.source.name), $0.source, $0.place)
      })
    byName = SourceEnds.resolve(named.entries, via: named.via, hops: named)
    byOwner = SourceEnds.resolve(owned.entries, via: owned.via, hops: named)
  }

  /// The end of `name`, by `owner`'s declaration when the tree has one, else by name.
  func end(of name: String, owner: String) -> Entry? {
    if !owner.isEmpty, let entry = byOwner[Self.key(owner, name)] { return entry }
    return byName[name]
  }

  private static func key(_ owner: String, _ name: String) -> String { owner + "\u{1F}" + name }

  /// Per key: the agreed end with every place, and the function an unknown body starts from.
  private static func join(_ sources: [(String, PublisherSource, String)]) -> (
    entries: [String: Entry], via: [String: String]
  ) {
    var entries: [String: Entry] = [:]
    var via: [String: String] = [:]
    var disagree: Set<String> = []
    for (key, source, place) in sources where !disagree.contains(key) {
      guard let known = entries[key] else {
        entries[key] = Entry(end: source.end, places: [place])
        via[key] = source.via
        continue
      }
      if known.end != source.end || via[key] != source.via {
        entries[key] = Entry(end: .unknown, places: [])
        via[key] = ""
        disagree.insert(key)
      } else {
        entries[key]?.places.append(place)
      }
    }
    return (entries, via)
  }

  /// A function returning another's publisher (`func items() { client.feedPublisher() }`) ends
  /// as that one does, a few hops deep through the by-name table `hops`, order-free.
  private static func resolve(
    _ entries: [String: Entry], via: [String: String], hops: (entries: [String: Entry], via: [String: String])
  ) -> [String: Entry] {
    var resolved = entries
    for (key, entry) in entries where entry.end == .unknown && !entry.places.isEmpty {
      var next = via[key] ?? ""
      var count = 0
      while !next.isEmpty, count < 4, let target = hops.entries[next] {
        if target.end != .unknown {
          if !target.places.isEmpty { resolved[key] = Entry(end: target.end, places: entry.places) }
          break
        }
        next = hops.via[next] ?? ""
        count += 1
      }
    }
    return resolved
  }
}
