/// Many `--url` options handed to swift-argument-parser as one.
///
/// The parser's work for a repeated option grows with the square of its occurrences (2,000
/// arguments: about 100 ms, 8,000: 1.4 s), in code loadrun cannot change. Past a handful, the
/// well-formed `--url VALUE` and `--url=VALUE` pairs are taken out before parsing, in order,
/// and passed as one hidden option whose value holds them all; the command puts them back
/// into its `--url` list before it validates. A short command line is left exactly as typed.
package enum URLBatch {
    /// The hidden option that carries the batch.
    package static let option = "--url-batch"
    /// More `--url`s than this are batched.
    package static let threshold = 16
    /// Starts the batch's value, so that a first URL of `-` is not read as an option, and
    /// separates its URLs: no URL or path given on a command line holds a NUL.
    private static let separator: Character = "\u{0}"

    /// `arguments` with their `--url`s batched when there are many; as given otherwise.
    /// the command's rewrite of argv (in the loadrun target) calls it, for the main command only.
    package static func batched(_ arguments: [String]) -> [String] {
        var rest: [String] = []
        var urls: [String] = []
        // From `--` on, arguments are not options: they stay after the batch, untouched.
        var tail: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                tail = Array(arguments[index...])
                break
            }
            if argument.hasPrefix("--url=") {
                urls.append(String(argument.dropFirst("--url=".count)))
            } else if argument == "--url", index + 1 < arguments.count, isValue(arguments[index + 1]) {
                urls.append(arguments[index + 1])
                index += 1
            } else {
                // A `--url` without a value stays, for the parser to say what is missing.
                rest.append(argument)
            }
            index += 1
        }
        guard urls.count > threshold else { return arguments }
        return rest + [option, urls.reduce(into: "") { $0.append(separator); $0 += $1 }] + tail
    }

    /// The URLs a batch's value holds, in order.
    package static func urls(in value: String) -> [String] {
        value.split(separator: separator, omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    /// Whether the parser would take `next` as `--url`'s value: `-` (standard input) is one,
    /// anything else that starts with `-` is an option.
    private static func isValue(_ next: String) -> Bool {
        next == "-" || !next.hasPrefix("-")
    }
}
