import Plan

/// A mistyped long option, said in loadrun's own words with loadrun's own suggestion:
/// `unknown option --retires; did you mean --retry? (see loadrun --help)`.
enum UnknownOption {
    /// The message for an unknown long option, given swift-argument-parser's message for the
    /// error (`Unknown option '--retires'…`); nil for any other error, which keeps the parser's
    /// own words. `toolInfo` is asked for only when the option is unknown.
    static func message(parserMessage: String, arguments: [String], toolInfo: () -> String) -> String? {
        let marker = "Unknown option '--"
        guard parserMessage.hasPrefix(marker) else { return nil }
        let name = parserMessage.dropFirst(marker.count).prefix { $0 != "'" }
        guard !name.isEmpty else { return nil }
        if let advice = CurlEquivalents.advice(for: "--" + name) {
            return "--\(name) is curl's, which loadrun does not have: \(advice)"
        }
        guard let commands = CommandOptions(toolInfo: toolInfo()) else { return nil }
        let (path, options) = commands.command(for: arguments)
        let suggestion = Suggestion.didYouMean(String(name), among: options, prefix: "--").map { "; \($0)" } ?? ""
        return "unknown option --\(name)\(suggestion) (see \(path.joined(separator: " ")) --help)"
    }
}
