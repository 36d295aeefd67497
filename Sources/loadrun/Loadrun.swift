#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Loader
import Plugins
import SampleSource

@main
struct Loadrun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loadrun",
        abstract: "Load web content and render it in the terminal.",
        usage: """
            loadrun [--source <name>] [--url <url>] [--plugin <name>] [--output text|json|ndjson]
                    [--watch [<interval>]] [--pages <n> | --all-pages] [--page-param <name> [--per-page <n>]]
                    [--image-format <format>] [--size <WxH>] [--timeout <duration>] [--max-size <size>]
            loadrun plugins
            loadrun serve [--port <port>]
            """,
        discussion: """
            With no --url, a source is loaded from the embedded sample server, which needs no \
            network. Content goes to stdout; progress, the URL used and errors go to stderr. \
            Ctrl-C cancels the loads in flight; a second Ctrl-C quits at once.

            EXAMPLES
              loadrun --source posts
              loadrun --source posts --url http://127.0.0.1:8080/posts
              loadrun --source posts --watch 30s
              loadrun serve --port 8080

            \(ExitStatus.helpText)
            """,
        version: "0.1.0",
        subcommands: [Plugins.self, Serve.self]
    )

    @Option(name: .long, help: ArgumentHelp("A built-in source (posts, articles, images); its plugin decodes the content. Default: posts, unless --url is given.", valueName: "name"))
    var source: String?

    @Option(name: .long, help: ArgumentHelp("Load from this http(s) or file:// URL, or - for standard input, instead of the embedded sample source. Without --source or --plugin, the plugin is chosen from the content.", valueName: "url"))
    var url: String?

    @Option(name: .long, help: ArgumentHelp("Decode with this plugin whatever the response says (see `loadrun plugins`).", valueName: "name"))
    var plugin: String?

    @Option(name: .long, help: ArgumentHelp("text for the terminal; json: the decoded content with stable keys; ndjson: one JSON line per state transition.", valueName: "format"))
    var output: OutputFormat = .text

    @Option(name: .customLong("image-format"), help: ArgumentHelp("Draw images as symbols, sixel, kitty or iterm instead of what the terminal is detected to support; also on a pipe.", valueName: "format"))
    var imageFormat: ImageFormatArgument?

    @Option(name: .long, help: ArgumentHelp("The most cells an image may take, e.g. 80x24. Default: fit the terminal.", valueName: "WxH"))
    var size: CellSizeArgument?

    @Option(name: .long, help: ArgumentHelp("Reload every interval (default \(WatchArgument.defaultInterval)), e.g. 500ms, 30s, 5m, until q or Ctrl-C. Reloads ask whether the content changed; on a pipe, content is printed only when it did.", valueName: "interval"))
    var watch: DurationArgument?

    @Option(name: .long, help: ArgumentHelp("Load this many pages of a list (following Link: rel=next, or --page-param).", valueName: "n"))
    var pages: Int?

    @Flag(name: .customLong("all-pages"), help: "Load every page of a list (at most \(OneShotRun.pageLimit)).")
    var allPages = false

    @Option(name: .customLong("page-param"), help: ArgumentHelp("Number pages with this query parameter (?page=2) instead of following Link headers.", valueName: "name"))
    var pageParam: String?

    @Option(name: .customLong("per-page"), help: ArgumentHelp("With --page-param: send per_page=N, and stop at a shorter page.", valueName: "n"))
    var perPage: Int?

    @Flag(name: .customLong("follow-cross-host"), help: "Follow a next-page link to another host; by default paging stops there.")
    var followCrossHost = false

    @Option(name: .customLong("connect-timeout"), help: ArgumentHelp("How long connecting (DNS, TCP, TLS) may take.", valueName: "duration"))
    var connectTimeout = DurationArgument(.seconds(10))

    @Option(name: .long, help: ArgumentHelp("Attempts in all for a transient failure (refused or reset connection, timeout, temporary DNS failure, HTTP 408/429/500/502/503/504).", valueName: "n"))
    var retry: Int = 3

    @Option(name: .customLong("retry-delay"), help: ArgumentHelp("The base of the exponential backoff, with full jitter, capped at 60s.", valueName: "duration"))
    var retryDelay = DurationArgument(.seconds(1))

    @Option(name: .customLong("retry-max-time"), help: ArgumentHelp("Start no retry once this long has passed since the first attempt. Default: no limit.", valueName: "duration"))
    var retryMaxTime: DurationArgument?

    @Flag(name: .customLong("no-retry"), help: "Try once, whatever the failure.")
    var noRetry = false

    @Option(name: .long, help: ArgumentHelp("Overall deadline per request, e.g. 500ms, 30s, 5m.", valueName: "duration"))
    var timeout = DurationArgument(FetchOptions.defaultDeadline)

    @Option(name: .customLong("max-size"), help: ArgumentHelp("Refuse bodies larger than this, e.g. 512K, 64M, 1G.", valueName: "size"))
    var maxSize = SizeArgument(bytes: FetchOptions.defaultMaxBodySize)

    /// Parses the command line with `--watch`'s interval made explicit, since an option's
    /// value cannot be optional in swift-argument-parser.
    static func main() {
        main(WatchArgument.withDefaultInterval(Array(CommandLine.arguments.dropFirst())))
    }

    func validate() throws {
        let names = PluginTable.load(environment: ProcessEnvironment.variables).registry.names
        for (option, value) in [("source", source), ("plugin", plugin)] {
            if let value, !names.contains(value) {
                throw ValidationError("unknown \(option) \"\(value)\"; known: \(names.joined(separator: ", "))")
            }
        }
        if let pages, pages < 1 { throw ValidationError("--pages must be at least 1") }
        if pages != nil && allPages { throw ValidationError("give --pages N or --all-pages, not both") }
        if let perPage, perPage < 1 { throw ValidationError("--per-page must be at least 1") }
        if perPage != nil && pageParam == nil { throw ValidationError("--per-page goes with --page-param, such as --page-param page") }
        guard retry >= 1 else { throw ValidationError("--retry counts attempts and must be at least 1; use --no-retry for a single try") }
        if watch != nil && url == "-" { throw ValidationError("standard input cannot be reloaded; --watch needs a URL or a file") }
        if url == nil, let source, !SampleContent.sources.contains(source) {
            throw ValidationError("the embedded sample has no \(source); give --url for it")
        }
    }

    func run() throws {
        // Broken pipes are reported by write() as EPIPE and handled where stdout is written.
        signal(SIGPIPE, SIG_IGN)
        let environment = ProcessEnvironment.variables
        let (registry, problems) = PluginTable.load(environment: environment)
        PluginTable.report(problems)
        let selection: PluginSelection
        if let forced = plugin ?? source ?? (url == nil ? "posts" : nil) {
            selection = .fixed(try registry.plugin(named: forced))
        } else {
            selection = .fromResponse(registry)
        }
        let request = OneShotRun.Request(
            sourceName: source ?? url.map(Self.sourceName(for:)) ?? "posts",
            url: url,
            samplePath: "/\(source ?? "posts")",
            plugin: selection,
            options: FetchOptions(deadline: timeout.duration, maxBodySize: maxSize.bytes, connectTimeout: connectTimeout.duration),
            retryPolicy: noRetry ? .never : RetryPolicy(maxAttempts: retry, baseDelay: retryDelay.duration, budget: retryMaxTime?.duration),
            pageParameter: pageParam.map { Pagination.PageParameter(name: $0, perPage: perPage.map { ("per_page", $0) }) },
            followsCrossHostLinks: followCrossHost,
            pages: allPages ? OneShotRun.pageLimit : pages ?? 1
        )
        let terminal = Terminal.current(environment: environment)
        let images = OneShotRun.ImageOptions(format: imageFormat?.format, size: size?.cells)
        let status = if let watch {
            WatchRun(requests: [request], interval: watch.duration, terminal: terminal, format: output, imageOptions: images).run()
        } else {
            OneShotRun(requests: [request], terminal: terminal, format: output, imageOptions: images).run()
        }
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    /// A name for messages about a URL with no --source: its last path segment, or its host.
    static func sourceName(for url: String) -> String {
        if url == "-" { return "stdin" }
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        let afterScheme = path.components(after: "://")
        let segments = afterScheme.split(separator: "/")
        let name = segments.count > 1 ? segments.last! : segments.first ?? Substring(url)
        return String(name.prefix(40))
    }
}

extension String {
    /// The part after the first `separator`, or the whole string when there is none.
    func components(after separator: String) -> Substring {
        guard let range = firstRange(of: separator) else { return self[...] }
        return self[range.upperBound...]
    }
}

/// How content is written to stdout.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, ndjson
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
