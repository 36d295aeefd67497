
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

/// `--shard K/N` as typed. Any text is taken here and judged by `problem`, as `--watch` is, so
/// that each mistake gets a message of its own rather than the parser's generic one.
package struct ShardArgument: Equatable {
    /// nil when the text is not a shard.
    package let shard: Shard?
    /// What is wrong with the text, said as a usage error; nil when it is good.
    package let problem: String?

    package init(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        func refuse(_ reason: String) -> (Shard?, String?) { (nil, "--shard \(argument): \(reason)") }
        // Digits only: Int() would take "+1", and " 1" is likely a quoting mistake.
        let numbers = parts.map { part in part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) ? Int(part) : nil }
        switch (parts.count, numbers.first ?? nil, numbers.last ?? nil) {
        case (2, let index?, let count?):
            if count < 1 {
                (shard, problem) = refuse("N, the number of shards, must be at least 1")
            } else if count > Shard.maxCount {
                (shard, problem) = refuse("N can be at most \(Shard.maxCount), the number of values of the 32-bit hash")
            } else if let shard = Shard(index: index, count: count) {
                (self.shard, problem) = (shard, nil)
            } else {
                (shard, problem) = refuse("K must be less than N: the shards of \(count) are 0/\(count) to \(count - 1)/\(count)")
            }
        default:
            (shard, problem) = refuse("not a shard; give K/N, such as 0/4, with K from 0 to N-1")
        }
    }
}
