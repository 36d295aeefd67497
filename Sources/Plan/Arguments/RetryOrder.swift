/// `--retry N` and `--no-retry` on one command line: the later one wins, as in curl
/// (`--retry 3 --no-retry` tries once; `--no-retry --retry 3` retries up to 3 times).
///
/// swift-argument-parser keeps no order between two options, and the plan lets `--no-retry`
/// win whenever it is set. So a `--no-retry` that an explicit `--retry` follows is taken out
/// before parsing; the one the user gave last is all the parser sees of the choice. Only the
/// flag is ever taken out: every `--retry` value still gets its check.
package enum RetryOrder {
    package static let noRetry = "--no-retry"
    package static let retry = "--retry"

    /// `arguments` without any `--no-retry` that a later `--retry N` (or `--retry=N`)
    /// overrides; as given otherwise, or when the first argument names a subcommand (which
    /// takes neither).
    package static func laterWins(_ arguments: [String], subcommands: Set<String>) -> [String] {
        if let first = arguments.first, subcommands.contains(first) { return arguments }
        // Arguments from `--` on are not options.
        let options = arguments.prefix { $0 != "--" }
        guard let lastRetry = options.lastIndex(where: { $0 == retry || $0.hasPrefix(retry + "=") }),
              options[..<lastRetry].contains(noRetry) else { return arguments }
        return arguments.enumerated().filter { index, argument in
            !(index < lastRetry && argument == noRetry)
        }.map(\.element)
    }
}
