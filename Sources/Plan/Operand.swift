/// A word given with no option before it, as curl, xh, HTTPie, lynx and w3m take one:
/// `loadrun http://host/posts` is `--url http://host/posts`, and `loadrun posts` is
/// `--source posts` when a source has that name.
package enum Operand: Equatable {
    case source(String)
    case url(String)

    /// What `word` names, in this order:
    /// - a name in `sourceNames` (the catalog's sources, and the sources of its broken groups,
    ///   so that their problems are said) is that source, even when it could be a host;
    /// - `-`, a word with a scheme, a path (`./x.json`, `/tmp/x`, or a file that exists), and
    ///   a host as curl reads one, which has a dot, a colon or a slash (`example.com/x`,
    ///   `127.0.0.1:8080/posts`, `localhost:8080`) are URLs, read as `--url` reads them;
    /// - any other word is taken for a source's name, which the plan refuses with the nearest
    ///   name when no source has it. A bare `localhost` is such a word: curl would take it for
    ///   a host, but a mistyped source name is the likelier meaning here.
    package static func classify(_ word: String, sourceNames: Set<String>, files: URLInput.Files) -> Operand {
        if sourceNames.contains(word) { return .source(word) }
        // An empty word is refused as an empty URL is.
        if word.isEmpty || word == "-" || word.contains(where: { $0 == "." || $0 == ":" || $0 == "/" }) { return .url(word) }
        let path = LocalPath.expand(word, relativeTo: files.directory, environment: files.environment)
        return files.isFile(path) ? .url(word) : .source(word)
    }

    /// Added to the message about a word that names no source: how to give it as a URL.
    static func hostHint(_ word: String) -> String {
        "; for a URL, write http://\(word)"
    }
}
