/// What tells a stored copy's bytes apart from damaged ones: a 64-bit hash of its headers and
/// body, written as `m64:` and 16 hex digits. Damage, not an attacker, is what it guards
/// against (whoever can write the store can write its checksums too), so it need not be
/// SHA-256, which cost ~54 instructions a byte through GLib: a second run of a 20 MB body paid
/// ~1.1 G instructions (~0.3 s) to read its copy back, and the first as much to keep it.
/// This costs about two a byte.
///
/// Copies kept before it carry a SHA-256 hex digest, which is still checked as such.
package enum CopyChecksum {
    private static let prefix = "m64:"

    /// The checksum of `headers` and `body`, as a copy is kept with it now.
    package static func of(headers: [UInt8], body: [UInt8]) -> String {
        let hash = CopyHash.of(headers, seed: 0x243f_6a88_85a3_08d3) ^ CopyHash.of(body, seed: 0x1319_8a2e_0370_7344).rotated(by: 23)
        let hex = String(hash, radix: 16)
        return prefix + String(repeating: "0", count: 16 - hex.utf8.count) + hex
    }

    /// Whether `checksum`, as it was stored, is that of `headers` and `body`.
    package static func matches(_ checksum: String, headers: [UInt8], body: [UInt8]) -> Bool {
        checksum.hasPrefix(prefix) ? of(headers: headers, body: body) == checksum : Checksum.sha256([headers, body]) == checksum
    }
}

/// A 64-bit hash over bytes, eight at a time: each word multiplied, rotated and multiplied
/// again before it is mixed in (MurmurHash3's round), so that no two changes in different
/// words cancel as they can in plain FNV over words; the length in the seed; the content
/// fingerprint's finishing mix.
enum CopyHash {
    static func of(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash = seed ^ UInt64(raw.count) &* 0x9e37_79b9_7f4a_7c15
            var offset = 0
            while offset + 8 <= raw.count {
                hash = mixed(hash, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < raw.count {
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            if shift > 0 { hash = mixed(hash, tail) }
            return ContentFingerprint.mixed(hash)
        }
    }

    @inline(__always)
    private static func mixed(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let word = (word &* 0x87c3_7b91_1142_53d5).rotated(by: 31) &* 0x4cf5_ad43_2745_937f
        return ((hash ^ word).rotated(by: 27) &* 5) &+ 0x52dc_e729
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotated(by count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
