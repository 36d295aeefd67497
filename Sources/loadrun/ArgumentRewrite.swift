import Plan
import Plugins
/// The command line as swift-argument-parser gets it: rewritten once, before parsing, where
/// the parser cannot say what loadrun means. In order:
///
/// 0. `--arg NAME VALUE` and `--argjson NAME JSON`, jq's options of two values, become one
///    word, `--arg=NAME=VALUE`, for the parser, which takes one value an option: the two words
///    after the option are its, whatever they are (`-1`, `--url`, empty), as jq reads them. A
///    missing word, or a NAME that is no jq identifier, is the rewrite's `failure`.
/// 0b. curl's short options as curl reads them: a value attached to its letter (`-ualice:PW`)
///    and letters grouped in one word (`-qu alice:PW`, `-kv`) become the long options they
///    mean (see `ShortOptionClusters`).
/// 1. A long option followed by a negative number takes it as its value (`--max-items -1`
///    is `--max-items=-1`): the parser would take `-1` for an option and say the value is
///    missing, where the option's own check says what is wrong with it.
/// 2. A `--watch` without a value of its own gets `auto`: an option's value cannot be optional
///    in the parser (see `WatchArgument`). It has none at the end of the line, before another
///    option, and before a word that is no interval, which is a URL or a source's name given
///    without an option (`loadrun --watch posts`). A word that starts with a digit and holds
///    only digits, letters and points is taken for an interval, so that `--watch 5sec` is
///    refused as one rather than loaded as a source.
///    A `--color` (or `--colour`) without one of its values after it is `--color=always`, as
///    `ls --color` and `git diff --color` read it. A plain word after it (`--color sometimes`)
///    is then read as a source's name, and is also handed to the hidden `--after-color`, so that
///    the message for a name no source has says what `--color` takes.
/// 3. A `--no-retry` that a later `--retry N` (or `--retry=N`) overrides is taken out: the later
///    one wins, as in curl (`--retry 3 --no-retry` tries once; `--no-retry --retry 3` retries up
///    to 3 times), but the parser keeps no order between two options, and the plan lets
///    `--no-retry` win whenever it is set. Only the flag is ever taken out: every `--retry`
///    value still gets its check.
/// 4. Words given without an option move after a `--`, where the main command takes them as
///    URLs or sources' names (see `OperandArguments`).
/// 5. Many `--url`s become one hidden option (see `URLBatch`, which also takes them apart).
///
/// Arguments from `--` on are never options, and are left alone. When the first argument names
/// a subcommand, which takes neither `--retry` nor `--url`, the later steps leave it as it is.
struct ArgumentRewrite: Equatable {
    /// The words after the steps 0 to 2 alone: every argument typed is there, in its place (an
    /// `--arg`'s pair joined to it), for a message that points at one (`UnknownOption`).
    let words: [String]
    /// What the parser parses: after every step.
    let parsed: [String]
    /// What is wrong with the command line that the parser would misread: an `--arg` without
    /// its NAME and VALUE. Said before the parser runs.
    private(set) var failure: String?

    /// Rewrites `commandLine`, the arguments after the program's name; `subcommands` are the
    /// names of the command's subcommands.
    init(_ commandLine: [String], subcommands: Set<String>) {
        // The shell's completion script asks the parser for a word's completions with the
        // words typed after its own marker: they are data, for the parser to read as it is.
        guard commandLine.first != Self.completionRequest else {
            (words, parsed) = (commandLine, commandLine)
            return
        }
        // Each later step looks at what the one before left: a `--no-retry` taken out may
        // leave a subcommand's name first.
        func namesSubcommand(_ arguments: [String]) -> Bool { arguments.first.map(subcommands.contains) ?? false }
        var pairsJoined = commandLine
        if !namesSubcommand(commandLine) {
            (pairsJoined, failure) = Self.jqArgumentsJoined(commandLine)
            pairsJoined = ShortOptionClusters.separated(pairsJoined)
        }
        words = Self.explicitWatchInterval(Self.negativeValuesJoined(pairsJoined))
        let retries = namesSubcommand(words) ? words : Self.laterRetryWins(words)
        guard !namesSubcommand(retries) else {
            parsed = retries
            return
        }
        parsed = URLBatch.batched(OperandArguments.moved(retries, subcommands: subcommands))
    }

    /// `arguments` with each `--arg NAME VALUE` and `--argjson NAME JSON` joined into one word,
    /// `--arg=NAME=VALUE`; and what is wrong with the first that lacks a word or whose NAME is
    /// no jq identifier (left as typed).
    static func jqArgumentsJoined(_ arguments: [String]) -> (arguments: [String], failure: String?) {
        var result: [String] = []
        var failure: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                result += arguments[index...]
                break
            }
            guard argument == JQArgumentOptions.stringOption || argument == JQArgumentOptions.jsonOption else {
                result.append(argument)
                index += 1
                continue
            }
            let name = arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
            let value = arguments.indices.contains(index + 2) ? arguments[index + 2] : nil
            if let name, !JQArguments.isIdentifier(name) {
                failure = failure ?? JQArgumentOptions.message(for: .notAName, option: argument, name: name)
            } else if let name, let value {
                result.append(argument + "=" + JQArgumentOptions.joined(name: name, value: value))
                index += 3
                continue
            } else {
                failure = failure ?? JQArgumentOptions.shape(of: argument)
            }
            result.append(argument)
            index += 1
        }
        return (result, failure)
    }

    /// The names of the colour option, and the values it takes (`ColorChoice`'s).
    static let colorOptions: Set<String> = ["--color", "--colour"]
    static let colorValues: Set<String> = ["auto", "always", "never"]

    /// `arguments` with `auto` after a `--watch` that has no value of its own, and `always`
    /// given to a `--color` that has none.
    static func explicitWatchInterval(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            result.append(argument)
            if argument == "--" {
                result += arguments[(index + 1)...]
                break
            }
            let next = arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
            if argument == "--watch", next.map(Self.isInterval) != true { result.append(WatchArgument.perSource) }
            if Self.colorOptions.contains(argument), next.map(Self.colorValues.contains) != true {
                result[result.count - 1] += "=always"
                if let next, Self.isPlainWord(next) { result.append(Self.afterColor + "=" + next) }
            }
        }
        return result
    }

    /// The hidden option that carries the word after a bare `--color` to the plan.
    static let afterColor = "--after-color"

    /// A word of lowercase letters and hyphens: what a mistaken `--color` value looks like.
    private static func isPlainWord(_ word: String) -> Bool {
        !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0 == "-") } && !word.hasPrefix("-")
    }

    /// `arguments` with each negative number after a long option joined to it by `=`.
    static func negativeValuesJoined(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--" {
                result += arguments[index...]
                break
            }
            if let previous = result.last, previous.hasPrefix("--"), previous.count > 2, !previous.contains("="),
               index > 0, arguments[index - 1] == previous, isNegativeNumber(argument) {
                result[result.count - 1] = previous + "=" + argument
            } else {
                result.append(argument)
            }
        }
        return result
    }

    /// `-1`, `-0.5`: a minus sign and digits, with at most one point.
    private static func isNegativeNumber(_ word: String) -> Bool {
        let digits = word.dropFirst()
        return word.hasPrefix("-") && digits.first?.isNumber == true && digits.filter { $0 == "." }.count <= 1
            && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    /// Whether the word after `--watch` is its value: `auto`, or a word shaped like an
    /// interval, right or wrong.
    static func isInterval(_ word: String) -> Bool {
        guard word != WatchArgument.perSource else { return true }
        guard let first = word.first, first.isASCII, first.isNumber || first == "." else { return false }
        return word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }
    }

    /// How swift-argument-parser's completion scripts call the command for a custom completion.
    static let completionRequest = "---completion"

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
