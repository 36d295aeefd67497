#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Loader
import LoadrunCLI
import Plan
import Plugins

@main
struct Loadrun: LoadrunCommand {
    static let configuration = CommandConfiguration(
        commandName: "loadrun",
        abstract: "Load web content and render it in the terminal.",
        usage: LoadrunHelp.usage,
        discussion: LoadrunHelp.discussion,
        version: "0.1.0",
        subcommands: [SourcesCommand.self, PluginsCommand.self, HistoryCommand.self, ServeCommand.self]
    )

    @Option(name: .long, help: ArgumentHelp("Load this source: a built-in (posts, articles, images) or one from the sources file. Repeat it for several. Default: posts, unless --url is given.", valueName: "name"),
            completion: .custom { words, _, _ in withContext { CompletionWords.sources(commandLine: words, in: $0) } })
    var source: [String] = []

    @Option(name: .long, help: ArgumentHelp("Load from this http(s) or file:// URL, a file's path, host:port/path (as http://), or - for standard input. With one --source, replaces its URL; alone, repeat it to load several. Without --source or --plugin, the plugin is chosen from the content.", valueName: "url"))
    var url: [String] = []

    // Only after `--`, where ArgumentRewrite moves them: a positional argument would take a
    // subcommand's name too.
    @Argument(parsing: .postTerminator,
              help: ArgumentHelp("A URL, read as --url reads it, or the name of a source, as --source: loadrun http://127.0.0.1:8080/posts, loadrun 127.0.0.1:8080/posts, loadrun posts. A name that is a source's is that source.", valueName: "url-or-source"))
    var operands: [String] = []

    /// Many `--url`s, batched into one by `main` (see `URLBatch`); put back into `url` first thing.
    @Option(name: .customLong("url-batch"), help: .private)
    var urlBatch: String?

    /// The word after a `--color` that took no value of its own, put here by `ArgumentRewrite`.
    @Option(name: .customLong("after-color"), help: .private)
    var wordAfterColor: String?

    @Option(name: .customLong("url-file"), help: ArgumentHelp("Load the URLs in this file, one a line, as --url reads each (after any --url); - reads the list from standard input. Blank lines and lines starting with # are skipped.", valueName: "file"),
            completion: .file())
    var urlFile: String?

    @Flag(name: .long, help: "Load every source of the sources file (see `loadrun sources`); the built-ins only when there is no sources file.")
    var all = false

    @Option(name: .long, help: ArgumentHelp("Load only shard K of N (K from 0 to N-1) of the sources this run would load: those whose name hashes to K, by FNV-1a 32-bit over the name's UTF-8 bytes, modulo N. The same name lands on the same shard on every machine, so N instances with the same sources share them without overlap. A shard that holds none of them says so and exits 0.", valueName: "K/N"))
    var shard: ShardArgument?

    @Option(name: .long, help: ArgumentHelp("Read sources from this file instead of $XDG_CONFIG_HOME/loadrun/sources.conf.", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Decode with this plugin whatever the response says (see `loadrun plugins`).", valueName: "name"),
            completion: .custom { _, _, _ in withContext { CompletionWords.plugins(in: $0) } })
    var plugin: String?

    @Option(name: .long, help: ArgumentHelp("Run each source's JSON (a feed's or a web page's as --output json shows it) through this jq program, run by libjq, and show its results: strings as raw lines, records as a table, the rest as JSON. It is compiled before any request.", valueName: "program"))
    var jq: String?

    // Two values each, as jq's: ArgumentRewrite joins them into one word, NAME=VALUE. The
    // value name draws them as jq's manual does, `--arg <name> <value>`.
    @Option(name: .customLong("arg"), help: ArgumentHelp("Bind $NAME to the string VALUE in the jq programs (--jq, --until, a source's jq=), as jq's --arg; all of them are in $ARGS.named too. Repeat it for several, e.g. --jq '.[] | select(.id == ($id|tonumber))' --arg id 3.", valueName: "name> <value"))
    var arg: [String] = []

    @Option(name: .customLong("argjson"), help: ArgumentHelp("Bind $NAME to this JSON value in the jq programs, as jq's --argjson, e.g. --argjson ids '[1,2]'. JSON that does not parse is a usage error, before any request.", valueName: "name> <json"))
    var argjson: [String] = []

    @Option(name: .long, help: ArgumentHelp("Reload on the --watch interval (2s unless given) until this jq program, run on each source's JSON (after --jq), gives a value that is neither false nor null, as jq -e judges; then exit 0. With several sources, every one must meet it. On a live stream (Server-Sent Events) it is judged on each event as it comes, before --jq: the first that meets it ends the stream, unprinted, as its end mark (`[DONE]`).", valueName: "program"))
    var until: String?

    @Flag(name: .customLong("until-change"), help: "Reload on the --watch interval (2s unless given) until a load's content differs from the first load's, as watch -g; then exit 0.")
    var untilChange = false

    @Flag(name: .customLong("until-ok"), help: "Reload on the --watch interval (2s unless given) until a load succeeds; then exit 0.")
    var untilOK = false

    @Option(name: .customLong("until-timeout"), help: ArgumentHelp("Give up waiting for --until, --until-change or --until-ok after this long, e.g. 30s, 5m: exit 1, saying what each source last showed and why it did not match.", valueName: "duration"))
    var untilTimeout: DurationArgument?

    @Option(name: .customLong("on-change"), help: ArgumentHelp("After each load whose content differs from the one before it (never the first), run this command with /bin/sh -c: the content as --output prints it on its stdin, LOADRUN_SOURCE, LOADRUN_URL, LOADRUN_STATUS and LOADRUN_CHANGE (a count) in its environment, its output on stderr after the source's name. One run at a time per source; changes meanwhile make one more. Reloads on the --watch interval (2s unless given). On a live stream it runs for each event as it comes, the event on its stdin (those that come while it runs go to its next run).", valueName: "command"))
    var onChange: String?

    @Option(name: [.customShort("H"), .long], help: ArgumentHelp("Send this request header to each source's own origin: 'Name: value' (the value may be env:VARIABLE or file:PATH), 'Name:' to send none, 'Name;' for an empty value. Repeat it for several; over the sources file's.", valueName: "header"))
    var header: [String] = []

    @Option(name: [.customShort("u"), .customLong("user")], help: ArgumentHelp("Send this user and password to each source's own origin, as curl's -u: HTTP Basic with the first request, and the answer to a Digest challenge (once: wrong ones end as the server's 401). Split at the first colon; the password may be empty (alice:). USER alone takes its password from --netrc or --netrc-file. Over the sources file's user= and netrc=; a -H 'Authorization: …' goes instead. Masked wherever shown, unless -vv.", valueName: "user:password"))
    var user: String?

    @Flag(name: .customLong("netrc"), help: "Take each source's user and password from ~/.netrc, as curl's --netrc: the first 'machine' entry for the URL's host, else 'default'. The file must be yours, and readable by no one else (chmod 600).")
    var netrc = false

    @Option(name: .customLong("netrc-file"), help: ArgumentHelp("As --netrc, from this file instead of ~/.netrc.", valueName: "file"),
            completion: .file())
    var netrcFile: String?

    @Option(name: [.customShort("X"), .customLong("request")], help: ArgumentHelp("Send this method instead of GET (POST, PUT, PATCH, DELETE…), as curl's -X. With -d or --json and no -X: POST. Only GET and HEAD are revalidated with ETags and kept in the copy store.", valueName: "method"))
    var method: String?

    @Option(name: [.customShort("d"), .long], help: ArgumentHelp("Send this body, as curl's -d: text, @FILE for a file's bytes as they are, or @- for standard input; application/x-www-form-urlencoded unless -H gives a Content-Type. Repeat it to join several with &. Without -X, the method is POST.", valueName: "data"))
    var data: [String] = []

    @Option(name: .long, help: ArgumentHelp("Send this JSON body, as curl's --json: as -d, with Content-Type: application/json and Accept: application/json. Repeat it to join several.", valueName: "data"))
    var json: [String] = []

    @Option(name: [.customShort("A"), .customLong("user-agent")], help: ArgumentHelp("Send this User-Agent instead of \(FetchOptions.defaultUserAgent).", valueName: "name"))
    var userAgent: String?

    @Flag(name: .shortAndLong, help: "Show each request and response on stderr: the request line and headers (>), the HTTP version, the status and headers (<), the TLS certificate, retries, redirects and which plugin took the response. Credentials are masked; -vv shows them.")
    var verbose: Int

    @Option(name: .long, help: ArgumentHelp("Write -v's trace to this file too, each line after its time (12:03:04.123), with or without -v: the way to keep the trace of a full-screen view, which shows it only in its log (L). Made 0600, or emptied.", valueName: "file"),
            completion: .file())
    var trace: String?

    @Flag(name: [.customShort("q"), .customLong("quiet"), .customShort("s"), .customLong("silent")], help: "Say nothing on stderr but errors: no URL line, no progress, no notes. -s and --silent are curl's spelling of it.")
    var quiet = false

    @Option(name: .customLong("output"), help: ArgumentHelp("text for the terminal (on a pipe, JSON content is written as JSON unless text is given, or a view with --plugin); json: the content as JSON, every field the server sent, keys in its order; ndjson: one JSON line per state transition, labelled by source.", valueName: "format"))
    var outputFormat: OutputFormat?

    /// The format the run prints in: text unless `--output` says otherwise.
    var output: OutputFormat { outputFormat ?? .text }

    @Option(name: .customLong("max-items"), help: ArgumentHelp("Show at most this many items of a list (posts, a declared plugin's items, JSON arrays, tables), and say how many were left out; the full-screen view (--browse, --watch) shows every item all the same, to scroll to. A live stream (Server-Sent Events, JSON Lines) ends with its Nth item.", valueName: "n"))
    var maxItems: Int?

    @Option(name: [.customLong("color"), .customLong("colour")], help: ArgumentHelp("When to colour and style the output, --output json as jq 1.6 colours it: auto (on a terminal, unless NO_COLOR is set), always (on a pipe too), or never.", valueName: "when"))
    var color: ColorChoice = .auto

    @Flag(name: .customLong("sort-keys"), help: "With --output json, sort each object's keys instead of keeping the server's order.")
    var sortKeys = false

    @Flag(name: .customLong("compact-output"), help: "Print JSON on one line, as jq -c (whose -c is curl's cookie jar here): --output json, and wherever the text output shows JSON (a JSON document, a --jq result that is no string or table). Keys keep their order and numbers their spelling.")
    var compactOutput = false

    @OptionGroup(title: "Cookies")
    var cookies: CookieOptions

    @OptionGroup(title: "Downloads")
    var downloads: DownloadOptions

    @OptionGroup(title: "Uploads")
    var uploads: UploadOptions

    @OptionGroup(title: "curl's spellings")
    var curl: CurlOptions

    @Option(name: .customLong("image-format"), help: ArgumentHelp("Draw images as symbols, sixel, kitty or iterm instead of what the terminal is detected to support; also on a pipe.", valueName: "format"))
    var imageFormat: ImageFormatArgument?

    @Option(name: .long, help: ArgumentHelp("The most cells an image may take, e.g. 80x24. Default: fit the terminal.", valueName: "WxH"))
    var size: CellSizeArgument?

    @Option(name: .long, help: ArgumentHelp("Reload on an interval, e.g. 500ms, 30s, 1m30s, 1h (a bare number is seconds; at least \(DurationArgument(WatchArgument.minimumInterval).defaultValueDescription)), until Ctrl-C (or q in the full-screen view). Without a value (or with auto), each source reloads on its own interval from the sources file, \(WatchArgument.defaultInterval) when it sets none. Reloads ask whether the content changed; on a pipe, content is printed only when it did.", valueName: "interval"))
    var watch: WatchArgument?

    @Flag(name: [.customShort("i"), .long], help: "Print the response's status line and headers, as the server sent them (after any redirect), then a blank line and the content, as curl's -i. The request is made afresh, with no stored copy.")
    var include = false

    @Flag(name: [.customShort("I"), .customLong("head")], help: "Send a HEAD request and print the response's status line and headers alone, as curl's -I.")
    var head = false

    @Flag(name: .long, help: "Show the content full-screen, to select an item of a list and open its detail with Enter (see --detail). With --watch, it reloads on the interval too. Needs a terminal on standard output and input.")
    var browse = false

    @Option(name: .long, help: ArgumentHelp("With --browse or --watch, the URL an item of a list opens, for every source, over the sources file's detail=: each {name} is filled with the item's field of that name, percent-encoded, and the result resolved against the source's URL, e.g. /posts/{id} or https://api.example.com/users/{userId}. Without one, an item opens its url, link or href.", valueName: "template"))
    var detail: String?

    @Flag(name: .customLong("no-prefetch"), help: "In the full-screen view (--browse, or --watch on a terminal), load an item's detail only once it is opened, never ahead.")
    var noPrefetch = false

    @Flag(name: .customLong("no-mouse"), help: "In the full-screen view, leave the mouse to the terminal (to select text) instead of clicking and scrolling with it.")
    var noMouse = false

    @Option(name: .long, help: ArgumentHelp("Load this many pages of a list (following Link: rel=next, or --page-param).", valueName: "n"))
    var pages: Int?

    @Flag(name: .customLong("all-pages"), help: "Load every page of a list (at most \(SourceRequest.pageLimit)).")
    var allPages = false

    @Option(name: .customLong("page-param"), help: ArgumentHelp("Number pages with this query parameter (?page=2) instead of following Link headers.", valueName: "name"))
    var pageParam: String?

    @Option(name: .customLong("per-page"), help: ArgumentHelp("With --page-param: ask for N items a page (per_page=N), and stop at a shorter page unless the server says where the list ends (X-Total-Count, or a Link with rel=last).", valueName: "n"))
    var perPage: Int?

    @Option(name: .customLong("per-page-param"), help: ArgumentHelp("The query parameter that carries --per-page: per_page unless given; _limit for json-server (JSONPlaceholder).", valueName: "name"))
    var perPageParam: String?

    @Flag(name: .customLong("follow-cross-host"), help: "Follow a next-page link to another host; by default paging stops there.")
    var followCrossHost = false

    @Option(name: .customLong("max-per-host"), help: ArgumentHelp("Requests in flight at once to one server; the rest wait their turn.", valueName: "n"))
    var maxPerHost = HTTPClientConfiguration.defaultMaxConnectionsPerHost

    @Option(name: .customLong("max-connections"), help: ArgumentHelp("Requests in flight at once in all.", valueName: "n"))
    var maxConnections = HTTPClientConfiguration.defaultMaxConnections

    @Option(name: .long, help: ArgumentHelp("Trust the CA certificates in this PEM file too, for every source (cacert= in the sources file sets one per source). SSL_CERT_FILE, as OpenSSL reads it, replaces the system's CAs.", valueName: "file"))
    var cacert: String?

    @Flag(name: [.customShort("k"), .long], help: "Accept any server certificate, with a warning per host on stderr. For development servers only.")
    var insecure = false

    @Flag(name: .customLong("http1.1"), help: "Speak HTTP/1.1 only, never HTTP/2, as curl's --http1.1: for a server whose HTTP/2 is broken. -v says which version each connection used.")
    var http1 = false

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the stored copies in $XDG_CACHE_HOME/loadrun.")
    var noCache = false

    @Flag(name: .customLong("no-history"), help: "Record nothing in the history in $XDG_STATE_HOME/loadrun (see `loadrun history`); --no-cache does not imply it.")
    var noHistory = false

    @Option(name: .long, help: ArgumentHelp("Keep this many versions of each source in the history, over the sources file's keep=. Default: \(HistoryLocation.defaultKeep).", valueName: "n"))
    var keep: Int?

    @Flag(name: .long, help: "Show only the items of a list or feed that no earlier run of the source showed, by item id; with nothing new, say since when on stderr and exit 0. Reads and writes the history.")
    var unseen = false

    @Flag(name: .long, help: "Show only the items of a list or feed never opened in the full-screen view (--browse, --watch), where Enter marks an item read and m and M mark by hand; with none unread, say so on stderr and exit 0. Reads the history's read marks.")
    var unread = false

    @Option(name: .customLong("connect-timeout"), help: ArgumentHelp("How long connecting (DNS, TCP, TLS) may take. Default: 10s.", valueName: "duration"))
    var connectTimeout: DurationArgument?

    @Option(name: .long, help: ArgumentHelp("Retry a transient failure (refused or reset connection, timeout, temporary DNS failure, HTTP 408/429/500/502/503/504) up to this many times after the first attempt, as curl counts them; 0 for none. Default: 2 (three attempts in all). Of --retry and --no-retry, the later one wins, as in curl.", valueName: "n"))
    var retry: Int?

    @Option(name: .customLong("retry-delay"), help: ArgumentHelp("The base of the exponential backoff, with full jitter, capped at 60s. Default: 1s.", valueName: "duration"))
    var retryDelay: DurationArgument?

    @Option(name: .customLong("retry-max-time"), help: ArgumentHelp("Start no retry once this long has passed since the first attempt. Default: no limit.", valueName: "duration"))
    var retryMaxTime: DurationArgument?

    @Flag(name: .customLong("retry-all-errors"), help: "Retry every failure, not only transient ones, and retry a request that is not idempotent (POST, PATCH), which is otherwise sent once, as curl's --retry-all-errors. It may send the request twice.")
    var retryAllErrors = false

    @Flag(name: .customLong("retry-connrefused"), help: "Retry a refused connection (a server not running yet), which is otherwise said at once, as curl's --retry-connrefused. A watch reloads on its interval either way.")
    var retryConnrefused = false

    @Flag(name: .customLong("no-retry"), help: "Try once, whatever the failure: --retry 0. Of --retry and --no-retry, the later one wins.")
    var noRetry = false

    @Option(name: .long, help: ArgumentHelp("Overall deadline per request, e.g. 500ms, 30s, 1m30s. Default: 30s.", valueName: "duration"))
    var timeout: DurationArgument?

    @Option(name: .customLong("max-size"), help: ArgumentHelp("Refuse bodies larger than this, e.g. 512K, 64M, 1G. Default: 64M.", valueName: "size"))
    var maxSize: SizeArgument?
}
