import Loader
import Plan

/// What swift-argument-parser refuses, said as every usage error of loadrun is: one line, in
/// loadrun's words, with the option's expected value or the nearest option where there is
/// one, and a pointer to the command's `--help` instead of the whole usage. The loadrun target
/// hands the result to the one place that says usage failures.
///
/// The parser's error types are not public, so its message is read: each shape it has is
/// pinned by an end-to-end test (`UsageErrorTests`), and a shape not known here keeps the
/// parser's words, still on one line, with the pointer.
enum ParserFailure {
    /// The failure for the parser's `message` (`Unknown option '--retires'`, `Missing value
    /// for '--url <url>'`, `The value '2d' is invalid for '--timeout <duration>'`…) about
    /// `arguments`, the words typed. `subcommands` name the command's subcommands, for the
    /// pointer; `toolInfo` (the parser's JSON of the command tree) is asked for only when an
    /// option is unknown.
    static func failure(parserMessage message: String, arguments: [String], subcommands: Set<String>,
                                toolInfo: () -> String) -> UsageFailure {
        if let unknown = UnknownOption.message(parserMessage: message, arguments: arguments, toolInfo: toolInfo) {
            return UsageFailure(message: unknown)
        }
        let command = (["loadrun"] + arguments.prefix { $0 != "--" }.filter(subcommands.contains).prefix(1)).joined(separator: " ")
        let help = " (see \(command) --help)"
        if let option = quoted(in: message, after: "Missing value for '") {
            let (name, valueName) = split(option)
            // -c was jq's compact output here before it was curl's cookie jar.
            let stale = name.hasPrefix("-c") ? "; for JSON on one line, as jq -c, give --compact-output" : ""
            return UsageFailure(message: "\(name) needs a value\(valueName.map { ": \(expectation(for: $0))" } ?? "")\(stale)\(help)")
        }
        if let value = quoted(in: message, after: "The value '"),
           let option = quoted(in: message, after: "The value '\(value)' is invalid for '") {
            let (name, valueName) = split(option)
            let what = choices(in: message).map { "one of " + $0 } ?? valueName.map(expectation(for:)) ?? "valid"
            let shown = name.hasPrefix("-") ? "\(name) \(value)" : "\"\(value)\""
            // curl's --output is a file; loadrun's is a format.
            let curls = name == "--output" ? "; to save the body to a file, as curl's --output does, give -o FILE" : ""
            return UsageFailure(message: "\(shown): not \(what)\(curls)\(help)")
        }
        if let value = quoted(in: message, after: "Unexpected argument '") {
            return UsageFailure(message: "unexpected argument \"\(value)\"\(help)")
        }
        if let option = quoted(in: message, after: "Unknown option '") {
            if let advice = CurlEquivalents.advice(for: option) {
                return UsageFailure(message: "\(option) is curl's, which loadrun does not have: \(advice)")
            }
            return UsageFailure(message: "unknown option \(option)\(help)")
        }
        // Any other shape: the parser's own words, on one line.
        let line = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: " ") }.joined(separator: " ")
        let words = line.first.map { $0.lowercased() + line.dropFirst() } ?? line
        return UsageFailure(message: (words.hasSuffix(".") ? String(words.dropLast()) : words) + help)
    }

    /// What a value named `valueName` in `--help` must be, said for a message.
    static func expectation(for valueName: String) -> String {
        switch valueName {
        case "duration", "interval": "a duration such as \(DurationText.examples)"
        case "size": "a size such as 512K, 64M or 1G"
        case "WxH": "a size in cells such as 80x24, or a width alone such as 80"
        case "n", "port": "a whole number"
        case "K/N": "a shard such as 0/4"
        default: "a <\(valueName)>"
        }
    }

    /// `auto, always or never` from the parser's `Please provide one of 'auto', 'always' and
    /// 'never'.`, which it adds for an option whose values are listed.
    static func choices(in message: String) -> String? {
        guard let range = message.firstRange(of: "Please provide one of ") else { return nil }
        var list = message[range.upperBound...].filter { $0 != "'" }
        if list.hasSuffix(".") { list.removeLast() }
        return list.replacing(" and ", with: " or ")
    }

    /// The text between `marker` and the next `'`, when `message` starts with `marker`.
    private static func quoted(in message: String, after marker: String) -> String? {
        guard message.hasPrefix(marker) else { return nil }
        let rest = message.dropFirst(marker.count)
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }

    /// `--timeout <duration>` as the option's name and the value's name.
    private static func split(_ option: String) -> (name: String, valueName: String?) {
        guard let open = option.firstIndex(of: "<"), option.hasSuffix(">") else { return (option, nil) }
        let name = option[..<open].trimmingCharacters(in: " ")
        return (name.isEmpty ? option : name, String(option[option.index(after: open)..<option.index(before: option.endIndex)]))
    }
}

