/// Eight bytes at a time: tests that look at a whole UInt64 of text at once, for the scans
/// that most text passes through untouched (a string's body in JSON, a word, a line).
///
/// Each test sets the high bit of every byte it finds. Subtracting borrows only upwards,
/// from a byte that is found into the ones above it, so the lowest set bit is always a byte
/// truly found, and the word holds one exactly when any bit is set.
///
/// Public and `@inlinable` (Swift 6.3 inlines no `package` function across modules): the
/// JSON parser and the wrappers in other modules call these in their innermost loops, where a
/// call per eight bytes cost the 20 MB posts view a tenth of its time.
public enum ByteWords {
    // Computed, not stored: a stored global read from another module goes through its
    // lazy initialiser's accessor on every use.
    @inlinable public static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable public static var high: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes from `offset`, the first of them lowest.
    @inlinable @inline(__always)
    public static func load(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The bytes of `word` equal to `byte`.
    @inlinable @inline(__always)
    public static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & high
    }

    /// The bytes of `word` below `limit` (at most 0x80).
    @inlinable @inline(__always)
    public static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & high
    }

    /// Where in the eight bytes the first one found is, when `found` is not zero.
    @inlinable @inline(__always)
    public static func first(_ found: UInt64) -> Int {
        found.trailingZeroBitCount >> 3
    }
}
