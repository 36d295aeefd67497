/// Eight bytes at a time: tests that look at a whole UInt64 of text at once, for the scans
/// that most text passes through untouched (a string's body in JSON, a word, a line).
///
/// Each test sets the high bit of every byte it finds. Subtracting borrows only upwards,
/// from a byte that is found into the ones above it, so the lowest set bit is always a byte
/// truly found, and the word holds one exactly when any bit is set.
package enum ByteWords {
    package static let ones: UInt64 = 0x0101_0101_0101_0101
    package static let high: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes from `offset`, the first of them lowest.
    @inline(__always)
    package static func load(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The bytes of `word` equal to `byte`.
    @inline(__always)
    package static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & high
    }

    /// The bytes of `word` below `limit` (at most 0x80).
    @inline(__always)
    package static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & high
    }

    /// Where in the eight bytes the first one found is, when `found` is not zero.
    @inline(__always)
    package static func first(_ found: UInt64) -> Int {
        found.trailingZeroBitCount >> 3
    }
}
