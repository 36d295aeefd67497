/// What tells one content from another across loads, in 64 bits: the body's bytes, or what the
/// decoder says its model is (a jq program's results), hashed. Two loads with the same
/// fingerprint show the same thing; a change is a different fingerprint.
public enum ContentFingerprint {
    /// The bytes' hash, eight at a time: FNV-1a's multiplier over words, then a finishing mix,
    /// so that a 20 MB body costs a few milliseconds.
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    /// The hash of the bytes at `raw`, as `of` hashes an array's.
    public static func of(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(raw.count)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01b3
            offset += 8
        }
        while offset < raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* 0x0000_0100_0000_01b3
            offset += 1
        }
        return mixed(hash)
    }

    /// `first` and then `next`: a list whose pages came in that order.
    public static func combining(_ first: UInt64, _ next: UInt64) -> UInt64 {
        mixed(first &* 0x9e37_79b9_7f4a_7c15 ^ next)
    }

    /// A finishing mix (splitmix64's): every input bit moves every output bit. Also the stored
    /// copies' checksum's (`CopyHash`).
    package static func mixed(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
