/// The object id git gives a blob, computed here: SHA-1 of `blob <size>\0` followed by the bytes.
///
/// `check --since` compares every tracked Swift file of the work tree with `HEAD`'s blob. Hashing
/// the bytes already read is cheaper than asking `git cat-file` for every blob, and git never
/// reads the work tree (no filter driver can run). Only for repositories in the default SHA-1
/// object format; others fetch the blobs and compare bytes.
enum GitBlobID {
  /// The 40 lowercase hex digits of `bytes`' blob id.
  static func sha1(ofBlob bytes: [UInt8]) -> String {
    var hasher = SHA1()
    hasher.update(Array("blob \(bytes.count)\0".utf8))
    hasher.update(bytes)
    return hasher.finish().map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }.joined()
  }

  /// SHA-1 (FIPS 180-4), fed in pieces. Used for git's object ids, not for anything secret.
  private struct SHA1 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
      0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
    )
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    mutating func update(_ bytes: [UInt8]) {
      length += UInt64(bytes.count)
      var start = 0
      if !pending.isEmpty {
        let take = min(64 - pending.count, bytes.count)
        pending += bytes[0..<take]
        start = take
        if pending.count == 64 {
          pending.withUnsafeBufferPointer { compress($0, at: 0) }
          pending.removeAll(keepingCapacity: true)
        }
      }
      bytes.withUnsafeBufferPointer { buffer in
        while start + 64 <= buffer.count {
          compress(buffer, at: start)
          start += 64
        }
      }
      if start < bytes.count { pending += bytes[start...] }
    }

    mutating func finish() -> [UInt8] {
      let bits = length &* 8
      var tail = pending + [0x80]
      while tail.count % 64 != 56 { tail.append(0) }
      for shift in stride(from: 56, through: 0, by: -8) {
        tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
      }
      tail.withUnsafeBufferPointer { buffer in
        for offset in stride(from: 0, to: buffer.count, by: 64) { compress(buffer, at: offset) }
      }
      var digest: [UInt8] = []
      for word in [state.0, state.1, state.2, state.3, state.4] {
        for shift in stride(from: 24, through: 0, by: -8) {
          digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
        }
      }
      return digest
    }

    private mutating func compress(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) {
      var words = [UInt32](repeating: 0, count: 80)
      for index in 0..<16 {
        let base = offset + index * 4
        words[index] =
          UInt32(buffer[base]) << 24 | UInt32(buffer[base + 1]) << 16 | UInt32(buffer[base + 2]) << 8
          | UInt32(buffer[base + 3])
      }
      for index in 16..<80 {
        let mixed = words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]
        words[index] = mixed << 1 | mixed >> 31
      }
      var (a, b, c, d, e) = state
      for index in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch index {
        case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
        case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
        default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
        }
        let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ words[index]
        e = d
        d = c
        c = b << 30 | b >> 2
        b = a
        a = next
      }
      state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
  }
}
