/// The words of a command line given without an option (`loadrun http://host/posts`,
/// `loadrun posts`), moved after a `--` for the parser, which takes them there as the main
/// command's operands (see `Operand`).
///
/// swift-argument-parser gives every word that is no option's value to a command's positional
/// argument, a subcommand's name included: the main command could then never reach
/// `loadrun sources`. So the operands are taken only after `--`, and this step, which knows
/// where the first subcommand's name stands, moves them there. It reads the command line as
/// the parser does: a word after an option that takes a value is that value.
package enum OperandArguments {
    /// The main command's flags, which take no value: every other option takes the next word
    /// as its value unless it holds one (`--url=X`). An end-to-end test holds this list to the
    /// parser's own description of the command (`--experimental-dump-help`), so that it
    /// cannot drift from the options declared.
    package static let flags: Set<String> = [
        "--all", "--verbose", "--quiet", "--sort-keys", "--browse", "--compact-output", "--include", "--head", "--no-prefetch", "--no-mouse", "--all-pages", "--follow-cross-host",
        "--insecure", "--http1.1", "--no-cache", "--no-retry", "--retry-all-errors", "--retry-connrefused", "--until-change", "--until-ok", "--no-history", "--unseen", "--unread", "--netrc",
        "--remote-name", "--create-dirs", "--no-clobber", "--silent", "--location", "--compressed", "--fail",
        "--help", "--version",
        "--experimental-dump-help",
    ]
    /// The short flags, by letter: `-vv` is two.
    package static let shortFlags: Set<Character> = ["v", "q", "i", "I", "k", "h", "O", "s", "L", "f"]

    /// `arguments` with the main command's operands moved after a `--` (before any words that
    /// were after one already), in their order; as given when there are none, or when the
    /// first word in an operand's place names a subcommand (or is `help`), which then parses
    /// the rest.
    package static func moved(_ arguments: [String], subcommands: Set<String>) -> [String] {
        var options: [String] = []
        var operands: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument.hasPrefix("-") && argument != "-" {
                options.append(argument)
                if takesValue(argument), index + 1 < arguments.count {
                    options.append(arguments[index + 1])
                    index += 1
                }
            } else {
                if operands.isEmpty && (subcommands.contains(argument) || argument == "help") { return arguments }
                operands.append(argument)
            }
            index += 1
        }
        guard !operands.isEmpty else { return arguments }
        let tail = index < arguments.count ? Array(arguments[(index + 1)...]) : []
        return options + ["--"] + operands + tail
    }

    /// Whether the option `word` takes the next word as its value.
    static func takesValue(_ word: String) -> Bool {
        if word.hasPrefix("--") { return !word.contains("=") && !flags.contains(word) }
        // `-H` takes one; `-vv` and `-vk` are flags; `-HAccept:x` holds its own value.
        let letters = word.dropFirst()
        if letters.allSatisfy(shortFlags.contains) { return false }
        return letters.count == 1
    }
}
