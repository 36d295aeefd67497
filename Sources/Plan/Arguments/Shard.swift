/// `--shard K/N`: one of N instances of the same run, holding the sources whose name hashes
/// to K, so that N machines (or N processes) can share one list without talking to each other.
///
/// The hash is FNV-1a, 32 bits, over the name's UTF-8 bytes, and the shard is that hash modulo
/// N. It is written out here rather than taken from `Hasher`, which is seeded per process: a
/// source must land on the same shard on every machine, in every version of loadrun.
package struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// K, from 0 to `count - 1`.
    package let index: Int
    /// N, from 1 to `maxCount`.
    package let count: Int
    /// The most shards there can be: one for each value of the 32-bit hash.
    package static let maxCount = Int(UInt32.max)

    /// nil unless `0 <= index < count <= maxCount`.
    package init?(index: Int, count: Int) {
        guard (1...Self.maxCount).contains(count), (0..<count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Whether the source called `name` belongs to this shard.
    package func holds(_ name: String) -> Bool {
        Int(Self.hash(name) % UInt32(count)) == index
    }

    /// `3/8`, as it is written on the command line.
    package var description: String { "\(index)/\(count)" }

    /// FNV-1a, 32-bit: from the offset basis 2166136261, for each byte, xor it in, then
    /// multiply by the prime 16777619, modulo 2³².
    package static func hash(_ name: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash &*= 16_777_619
        }
        return hash
    }
}
