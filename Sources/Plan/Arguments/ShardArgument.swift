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
