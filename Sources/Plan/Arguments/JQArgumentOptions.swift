package import Plugins

/// `--arg NAME VALUE` and `--argjson NAME JSON`, as the parser hands them over: each pair one
/// word, `NAME=VALUE` (the command line's rewrite joins them, since the parser takes one value
/// an option). A NAME is a jq identifier and holds no `=`, so the first `=` parts them.
package enum JQArgumentOptions {
    /// The two options' names, as typed.
    package static let stringOption = "--arg"
    package static let jsonOption = "--argjson"

    /// What each option takes, for a message: `--arg takes a NAME and a VALUE: --arg id 3`.
    package static func shape(of option: String) -> String {
        option == jsonOption ? "--argjson takes a NAME and a JSON value: --argjson ids '[1,2]'" : "--arg takes a NAME and a VALUE: --arg id 3"
    }

    /// The word a pair is joined into.
    package static func joined(name: String, value: String) -> String { name + "=" + value }

    /// The `$NAME`s of `strings` (`--arg`) and `json` (`--argjson`); a usage error naming the
    /// option and what is wrong: a word with no NAME, a NAME jq does not take, one given
    /// twice, or JSON that does not parse.
    package static func arguments(strings: [String], json: [String]) throws(UsageFailure) -> JQArguments {
        var arguments = JQArguments()
        for (option, words) in [(stringOption, strings), (jsonOption, json)] {
            for word in words {
                guard let equals = word.firstIndex(of: "=") else { throw UsageFailure(message: shape(of: option)) }
                let name = String(word[..<equals])
                let text = String(word[word.index(after: equals)...])
                do throws(JQArguments.Problem) {
                    try arguments.add(name, option == jsonOption ? .json(text) : .string(text))
                } catch {
                    throw UsageFailure(message: message(for: error, option: option, name: name))
                }
            }
        }
        return arguments
    }

    /// What is wrong with `option NAME …`, and what to do.
    package static func message(for problem: JQArguments.Problem, option: String, name: String) -> String {
        switch problem {
        case .notAName:
            let shown = name.isEmpty ? "an empty name" : "\"\(name)\""
            return "\(option): \(shown) is not a jq variable name (letters, digits and _, not starting with a digit); \(shape(of: option))"
        case .reserved:
            return "\(option) ARGS: $ARGS is jq's own (it holds the arguments, in $ARGS.named); give another name"
        case .givenTwice:
            return "\(option) \(name): $\(name) is given twice (by --arg or --argjson); give it once"
        case .notJSON(let words):
            return "\(option) \(name): the value is not JSON: \(words); quote a string as JSON (--argjson \(name) '\"text\"') or use --arg"
        case .noLibrary(let reason):
            return "\(option) \(name): jq programs need libjq, which cannot be loaded (\(reason)); install libjq1"
        }
    }
}
