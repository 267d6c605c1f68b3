#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte searches the scanner, the classifier and the name sets share: over raw buffers, a vector
/// at a time where libc can, never through a `String` view.
package enum ByteSearch {
  /// Whether `needle` occurs in `bytes` (an empty needle always does).
  ///
  /// `memchr` finds each candidate place of the needle's byte at `anchor`, then the whole needle
  /// is compared. An anchor that is rare in Swift source (`Q` in `DispatchQueue`) makes most
  /// searches one `memchr` pass over the file; Glibc does not export `memmem`.
  @inlinable
  package static func contains(
    _ bytes: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, anchor: Int = 0
  ) -> Bool {
    guard !needle.isEmpty else { return true }
    guard let base = bytes.baseAddress, let word = needle.baseAddress, bytes.count >= needle.count else {
      return false
    }
    let anchorByte = Int32(needle[anchor])
    // An anchor before `from` would start the needle before the buffer; one at `limit` or later
    // would end it past the buffer.
    var from = anchor
    let limit = bytes.count - (needle.count - anchor) + 1
    while from < limit {
      guard let hit = memchr(base + from, anchorByte, limit - from) else { return false }
      let anchorAt = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      // Compared in line, not with `memcmp`: most anchor hits differ in the next byte, and a
      // call per hit cost more than the search (the hints meet some 400,000 per 1,000 files).
      let start = base + (anchorAt - anchor)
      var offset = 0
      while offset < needle.count && start[offset] == word[offset] { offset += 1 }
      if offset == needle.count { return true }
      from = anchorAt + 1
    }
    return false
  }

  /// Whether `needle` occurs in `bytes`.
  package static func contains(_ bytes: [UInt8], _ needle: [UInt8], anchor: Int = 0) -> Bool {
    bytes.withUnsafeBufferPointer { bytes in
      needle.withUnsafeBufferPointer { contains(bytes, $0, anchor: anchor) }
    }
  }

  /// True when no byte of `bytes` has the high bit set, tested eight bytes at a time.
  package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var bits: UInt64 = 0
    var offset = 0
    while offset + 8 <= bytes.count {
      bits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    while offset < bytes.count {
      bits |= UInt64(bytes[offset])
      offset += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }
}
