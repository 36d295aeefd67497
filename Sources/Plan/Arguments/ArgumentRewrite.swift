/// The command line as swift-argument-parser gets it: rewritten once, before parsing, where
/// the parser cannot say what loadrun means. In order:
///
/// 1. A `--watch` without a value of its own (the end of the line, or another option next)
///    gets `auto`: an option's value cannot be optional in the parser (see `WatchArgument`).
/// 2. A `--no-retry` that a later `--retry N` (or `--retry=N`) overrides is taken out: the later
///    one wins, as in curl (`--retry 3 --no-retry` tries once; `--no-retry --retry 3` retries up
///    to 3 times), but the parser keeps no order between two options, and the plan lets
///    `--no-retry` win whenever it is set. Only the flag is ever taken out: every `--retry`
///    value still gets its check.
/// 3. Many `--url`s become one hidden option (see `URLBatch`, which also takes them apart).
///
/// Arguments from `--` on are never options, and are left alone. When the first argument names
/// a subcommand, which takes neither `--retry` nor `--url`, the later steps leave it as it is.
package struct ArgumentRewrite: Equatable {
    /// The words after the first step alone: every argument typed is there, in its place, for
    /// a message that points at one (`UnknownOption`).
    package let words: [String]
    /// What the parser parses: after every step.
    package let parsed: [String]

    /// Rewrites `commandLine`, the arguments after the program's name; `subcommands` are the
    /// names of the command's subcommands.
    package init(_ commandLine: [String], subcommands: Set<String>) {
        // Each later step looks at what the one before left: a `--no-retry` taken out may
        // leave a subcommand's name first.
        func namesSubcommand(_ arguments: [String]) -> Bool { arguments.first.map(subcommands.contains) ?? false }
        words = Self.explicitWatchInterval(commandLine)
        let retries = namesSubcommand(words) ? words : Self.laterRetryWins(words)
        parsed = namesSubcommand(retries) ? retries : URLBatch.batched(retries)
    }

    /// `arguments` with `auto` after a `--watch` that has no value of its own.
    static func explicitWatchInterval(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            result.append(argument)
            if argument == "--" {
                result += arguments[(index + 1)...]
                break
            }
            if argument == "--watch" {
                let next = arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
                if next == nil || next!.hasPrefix("-") { result.append(WatchArgument.perSource) }
            }
        }
        return result
    }

    static let noRetry = "--no-retry"
    static let retry = "--retry"

    /// `arguments` without any `--no-retry` that a later `--retry N` (or `--retry=N`) overrides.
    static func laterRetryWins(_ arguments: [String]) -> [String] {
        let options = arguments.prefix { $0 != "--" }
        guard let lastRetry = options.lastIndex(where: { $0 == retry || $0.hasPrefix(retry + "=") }),
              options[..<lastRetry].contains(noRetry) else { return arguments }
        return arguments.enumerated().filter { index, argument in
            !(index < lastRetry && argument == noRetry)
        }.map(\.element)
    }
}
