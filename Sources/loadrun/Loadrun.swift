#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Loader
import Plugins

@main
struct Loadrun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loadrun",
        abstract: "Load web content and render it in the terminal.",
        usage: """
            loadrun [--source <name>] [--url <url>] [--timeout <duration>] [--max-size <size>]
            loadrun serve [--port <port>]
            """,
        discussion: """
            With no --url, a source is loaded from the embedded sample server, which needs no \
            network. Content goes to stdout; progress, the URL used and errors go to stderr. \
            Ctrl-C cancels the loads in flight; a second Ctrl-C quits at once.

            EXAMPLES
              loadrun --source posts
              loadrun --source posts --url http://127.0.0.1:8080/posts
              loadrun serve --port 8080

            \(ExitStatus.helpText)
            """,
        version: "0.1.0",
        subcommands: [Serve.self]
    )

    @Option(name: .long, help: ArgumentHelp("The source to load; its plugin decodes the content.", valueName: "name"))
    var source: String = "posts"

    @Option(name: .long, help: ArgumentHelp("Load from this http(s) URL instead of the embedded sample source.", valueName: "url"))
    var url: String?

    @Option(name: .long, help: ArgumentHelp("Overall deadline per request, e.g. 500ms, 30s, 5m.", valueName: "duration"))
    var timeout = DurationArgument(FetchOptions.defaultDeadline)

    @Option(name: .customLong("max-size"), help: ArgumentHelp("Refuse bodies larger than this, e.g. 512K, 64M, 1G.", valueName: "size"))
    var maxSize = SizeArgument(bytes: FetchOptions.defaultMaxBodySize)

    func validate() throws {
        let registry = PluginRegistry.default()
        guard registry.names.contains(source) else {
            throw ValidationError("unknown source \"\(source)\"; known sources: \(registry.names.joined(separator: ", "))")
        }
    }

    func run() throws {
        // Broken pipes are reported by write() as EPIPE and handled where stdout is written.
        signal(SIGPIPE, SIG_IGN)
        let plugin = try PluginRegistry.default().plugin(named: source)
        let request = OneShotRun.Request(
            sourceName: source,
            url: url,
            plugin: plugin,
            options: FetchOptions(deadline: timeout.duration, maxBodySize: maxSize.bytes)
        )
        let terminal = Terminal.current(environment: ProcessEnvironment.variables)
        let status = OneShotRun(requests: [request], terminal: terminal).run()
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}

/// The process environment, read once through libc (no Foundation needed).
enum ProcessEnvironment {
    static var variables: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
