/// `--help` as curl lays it out: a short screen of the options most used and the topics;
/// `--help all` every option (the parser's own help); `--help TOPIC` one group of them, each
/// option's help as `--help all` gives it.
extension LoadrunHelp {
    /// The screen `--help` alone shows.
    static let short = """
        loadrun: load web content and render it in the terminal.

        Usage: loadrun [<options>] [<url-or-source>...]
               loadrun sources | plugins | history [<source>] | serve [--port <port>]

        Common options:
          <url>, --url <url>       an http(s) URL, a file's path, host:port/path, or - for stdin
          --source <name>          a source of the sources file (posts, articles, images built in)
          --jq <program>           run each source's JSON through jq and show the results
          --watch [<interval>]     reload on an interval (2s); full-screen on a terminal
          --browse                 full-screen: select an item of a list, Enter opens it
          --output text|json|ndjson  the views, the content as JSON, or a JSON line per change
          -o, --output-file <file> save the body to a file; -O names it from the URL
          -H, --header <header>    send a request header ('Name: value')
          -u, --user <user:pw>     send a user and password (Basic, or Digest when asked)
          -d, --data <data>        send a body (a POST); --json <data> sends JSON
          -X, --request <method>   send another method than GET
          -b, --cookie <data|file> send cookies; -c, --cookie-jar <file> writes the run's
          -i, --include            print the response's head before the content; -I alone
          -v, --verbose            show requests and responses on stderr (-vv unmasked)
          -q, -s, --quiet          say nothing on stderr but errors
          --until <program>        reload until a jq condition holds, then exit 0
          --unseen                 show only the items no earlier run showed
          --max-items <n>          show at most n items of a list
          --timeout <duration>     a request's overall deadline (30s)
          --retry <n>              retries of a transient failure (2)

        More help:
          loadrun --help TOPIC     one topic's options: \(topics.map(\.name).joined(separator: ", "))
          loadrun --help all       every option
          docs/ in loadrun's source, and man loadrun, have the whole manual.

        Exit codes: 0 success, 1 some sources failed, 2 all failed, 64 usage error,
        74 output not written, 130 / 143 / 129 ended by SIGINT / SIGTERM / SIGHUP.

        """

    /// A topic of `--help TOPIC`: what it is about, and its options by long name.
    struct Topic {
        let name: String
        let about: String
        let options: [String]
    }

    static let topics: [Topic] = [
        Topic(name: "sources", about: "what to load: URLs, files, standard input, the sources file, pages of a list",
              options: ["source", "url", "url-file", "all", "shard", "config", "plugin", "pages", "all-pages", "page-param", "per-page",
                        "per-page-param", "follow-cross-host"]),
        Topic(name: "watch", about: "reloading on an interval, and the waits that end it",
              options: ["watch", "until", "until-change", "until-ok", "until-timeout", "on-change"]),
        Topic(name: "browse", about: "the full-screen view: lists, details, links, read marks",
              options: ["browse", "detail", "no-prefetch", "no-mouse", "unread"]),
        Topic(name: "streams", about: "Server-Sent Events and JSON Lines: items as they come",
              options: ["max-items", "until", "on-change", "timeout", "jq"]),
        Topic(name: "scripting", about: "jq, waits, commands on change, JSON and NDJSON for programs",
              options: ["jq", "arg", "argjson", "until", "until-change", "until-ok", "until-timeout", "on-change", "output", "compact-output",
                        "sort-keys"]),
        Topic(name: "history", about: "versions across runs, new and unread items, stored copies",
              options: ["no-history", "keep", "unseen", "unread", "no-cache"]),
        Topic(name: "output", about: "what is printed and how: views, JSON, heads, colour, images, traces",
              options: ["output", "max-items", "color", "sort-keys", "compact-output", "include", "head", "image-format", "size", "verbose",
                        "quiet", "trace"]),
        Topic(name: "credentials", about: "users, passwords, headers and TLS trust, to each source's own origin",
              options: ["header", "user", "netrc", "netrc-file", "user-agent", "cacert", "insecure"]),
        Topic(name: "requests", about: "methods, bodies, retries, timeouts, limits, proxies, curl's spellings",
              options: ["request", "data", "json", "form", "upload-file", "http1.1", "max-per-host", "max-connections", "connect-timeout", "timeout", "max-size",
                        "retry", "retry-delay", "retry-max-time", "retry-all-errors", "retry-connrefused", "no-retry", "proxy", "max-redirs",
                        "location", "compressed", "fail", "write-out"]),
        Topic(name: "downloads", about: "saving bodies to files, as curl's -o and -O",
              options: ["output-file", "remote-name", "output-dir", "create-dirs", "continue-at", "no-clobber", "max-size", "timeout"]),
        Topic(name: "cookies", about: "the run's cookie jar, and curl's cookie files",
              options: ["cookie", "cookie-jar"]),
    ]

    /// `--help TOPIC`'s text, from the full help's option blocks; nil for a topic there is none of.
    static func topic(_ name: String, fullHelp: String) -> String? {
        guard let topic = topics.first(where: { $0.name == name.lowercased() }) else { return nil }
        let blocks = optionBlocks(in: fullHelp)
        var text = "loadrun --help \(topic.name): \(topic.about).\n\n"
        for option in topic.options {
            guard let block = blocks[option] else { continue }
            text += block + "\n"
        }
        return text + "\nThe whole story: docs/\(topic.name).md in loadrun's source.\n"
    }

    /// Each option's lines of the parser's help, by its long name: from its line (`  -b,
    /// --cookie <data|file>  Send…`) to the next option's, a blank line or a heading.
    static func optionBlocks(in help: String) -> [String: String] {
        var blocks: [String: String] = [:]
        var current: (name: String, lines: [String])?
        func close() {
            if let current { blocks[current.name] = current.lines.joined(separator: "\n") }
            current = nil
        }
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("  -") {
                close()
                if let long = line.split(separator: " ").first(where: { $0.hasPrefix("--") }) {
                    let name = long.dropFirst(2).prefix { $0 != "," && $0 != "=" && $0 != " " }
                    current = (String(name), [line])
                }
            } else if line.hasPrefix("    "), current != nil {
                current?.lines.append(line)
            } else {
                close()
            }
        }
        close()
        return blocks
    }
}
