#if canImport(Glibc)
import Glibc
#endif
import LoadrunCLI
import Plan

/// The main command's checks of its options as a whole, before anything loads.
extension Loadrun {
    /// Refuses options that do not go together, or values the parser took that loadrun does
    /// not: thrown here, not from `validate()`, so that the failure reaches `run(_:)` as the
    /// `UsageFailure` it is, said as every usage error is.
    func check(in context: RunContext) throws(UsageFailure) {
        _ = try HeaderArguments(header, userAgent: userAgent)
        _ = try credentials
        if let plugin {
            let names = context.plugins.names
            if !names.contains(plugin) {
                throw UsageFailure(message: "\(Suggestion.unknown("plugin", plugin, among: names)); known: \(names.joined(separator: ", "))")
            }
        }
        if let problem = watch?.problem { throw UsageFailure(message: problem) }
        // -w follows each source's content once, as curl's does: a watch's loads and NDJSON
        // lines have their times in NDJSON's phases.
        if curl.writeOut != nil, watch != nil || browse || output == .ndjson || until != nil || untilChange || untilOK || onChange != nil {
            throw UsageFailure(message: "-w writes after a run's loads, once each; for the times of a watch's loads, give --output ndjson (its phases)")
        }
        if let problem = shard?.problem { throw UsageFailure(message: problem) }
        let urlReadsStandardInput = url.contains("-") || operands.contains("-")
        if urlFile == URLList.standardInput && urlReadsStandardInput {
            throw UsageFailure(message: "--url-file - reads the list of URLs from standard input, so --url - cannot read content from it too; save one of them to a file")
        }
        if let pages, pages < 1 { throw UsageFailure(message: "--pages must be at least 1") }
        if let maxItems, maxItems < 1 { throw UsageFailure(message: "--max-items must be at least 1") }
        if let keep, keep < 1 { throw UsageFailure(message: "--keep must be at least 1: the history keeps the newest version at least") }
        if keep != nil && noHistory { throw UsageFailure(message: "--keep bounds the versions the history keeps, and --no-history records none; give one of them") }
        if unread && unseen { throw UsageFailure(message: "--unseen shows what no run showed, and --unread what was never opened; give one of them") }
        if unread && noHistory { throw UsageFailure(message: "--unread asks the history which items were opened, and --no-history keeps it out of the run; give one of them") }
        if unread && (watch != nil || browse || until != nil || untilChange || untilOK || onChange != nil) {
            throw UsageFailure(message: "--unread is for a run that loads once; the full-screen view marks unread items itself (•)")
        }
        if unread && output == .ndjson {
            throw UsageFailure(message: "--unread picks the items to print, and --output ndjson prints no content; use --output json or text")
        }
        if unseen && noHistory { throw UsageFailure(message: "--unseen asks the history what earlier runs showed, and --no-history keeps it out of the run; give one of them") }
        if unseen && (watch != nil || browse || until != nil || untilChange || untilOK || onChange != nil) {
            throw UsageFailure(message: "--unseen is for a run that loads once; a watch marks new items itself (+)")
        }
        if unseen && maxItems != nil {
            throw UsageFailure(message: "--unseen shows every new item, and --max-items would hide some that later runs count as shown; give one of them")
        }
        if unseen && output == .ndjson {
            throw UsageFailure(message: "--unseen picks the items to print, and --output ndjson prints no content; use --output json or text")
        }
        if onChange != nil && browse && watch == nil {
            throw UsageFailure(message: "--browse alone loads again only when asked, and --on-change acts on reloads; add --watch")
        }
        if pages != nil && allPages { throw UsageFailure(message: "give --pages N or --all-pages, not both") }
        if let perPage, perPage < 1 { throw UsageFailure(message: "--per-page must be at least 1") }
        if perPage != nil && pageParam == nil { throw UsageFailure(message: "--per-page goes with --page-param, such as --page-param page") }
        if perPageParam != nil && perPage == nil { throw UsageFailure(message: "--per-page-param names the parameter of --per-page N; give both") }
        if let retry, retry < 0 { throw UsageFailure(message: "--retry counts retries after the first attempt: 0 or more") }
        if let method, let problem = RequestSettings.methodProblem(method) { throw UsageFailure(message: "-X: \(problem)") }
        if !data.isEmpty && !json.isEmpty { throw UsageFailure(message: "give -d or --json, not both: --json is -d with JSON's Content-Type and Accept") }
        if (data + json).contains("@-") && (urlReadsStandardInput || urlFile == URLList.standardInput) {
            throw UsageFailure(message: "standard input can be read only once: the body's @- and \(urlReadsStandardInput ? "--url -" : "--url-file -") both read it; save one of them to a file")
        }
        try checkHead()
        if quiet && verbose > 0 { throw UsageFailure(message: "give -q or -v, not both") }
        if maxPerHost < 1 { throw UsageFailure(message: "--max-per-host must be at least 1") }
        if maxConnections < 1 { throw UsageFailure(message: "--max-connections must be at least 1") }
        if urlReadsStandardInput || urlFile == URLList.standardInput, StandardStreams.closedAtStart.contains(STDIN_FILENO) {
            throw UsageFailure(message: "standard input is closed, and \(urlReadsStandardInput ? "--url -" : "--url-file -") reads from it; give it a pipe or a file (< FILE)")
        }
        if watch != nil && urlReadsStandardInput { throw UsageFailure(message: "standard input cannot be reloaded; --watch needs a URL or a file") }
        let waits = until != nil || untilChange || untilOK
        if (waits || onChange != nil) && urlReadsStandardInput {
            throw UsageFailure(message: "standard input cannot be reloaded; \(waits ? "a wait (--until…)" : "--on-change") needs a URL or a file")
        }
        if onChange?.isEmpty == true { throw UsageFailure(message: "--on-change needs a command, such as 'cat >> changes.log'") }
        if let detail, case .failure(let problem) = DetailTemplate.parse(detail) { throw UsageFailure(message: "--detail: \(problem)") }
        if jq != nil, plugin != nil {
            throw UsageFailure(message: "--jq and --plugin: jq's results are shown by loadrun's own views; give one of them")
        }
        let views = BrowseSettings.Request(browse: browse, watch: watch != nil, output: output, detail: detail != nil,
                                           stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stdinIsTerminal: isatty(STDIN_FILENO) == 1)
        if let problem = BrowseSettings.problem(views) { throw UsageFailure(message: problem) }
    }
}

extension Loadrun {
    /// `-i` and `-I` print a head as text on stdout: only where content is printed as text.
    private func checkHead() throws(UsageFailure) {
        guard include || head else { return }
        let option = head ? "-I" : "-i"
        if include && head { throw UsageFailure(message: "give -i (the head, then the content) or -I (the head alone), not both") }
        if head, let method, method.uppercased() != "HEAD" {
            throw UsageFailure(message: "-I sends a HEAD request, and -X asks for \(method); give one of them")
        }
        if head && !(data.isEmpty && json.isEmpty) { throw UsageFailure(message: "-I sends a HEAD request, which has no body; drop -d or --json") }
        if output != .text {
            throw UsageFailure(message: "\(option) prints the response's head as text, and --output \(output.rawValue) prints only JSON; -v shows the head on stderr")
        }
        if browse { throw UsageFailure(message: "\(option) prints the response's head before the content, and --browse shows the content full-screen; give one of them") }
    }
}
