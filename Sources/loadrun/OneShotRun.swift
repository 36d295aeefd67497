#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plugins
import SampleSource

/// One `loadrun --source …` run: loads each source once on the loop, then prints the content.
///
/// It owns the loop's participants (sample server, HTTP client, loaders, signal watches,
/// progress line) and turns what happened into an exit status.
final class OneShotRun {
    struct Request {
        var sourceName: String
        /// nil for the embedded sample source, served at `samplePath`.
        var url: String?
        var samplePath: String
        var plugin: PluginSelection
        var options: FetchOptions
        var retryPolicy: RetryPolicy
        var pageParameter: Pagination.PageParameter?
        var followsCrossHostLinks: Bool
        /// Pages to load: 1, N from --pages, or `pageLimit` for --all-pages.
        var pages: Int
    }

    /// The most pages --all-pages loads, against a server whose next links never end.
    static let pageLimit = 1000

    /// How images are drawn, as the user asked.
    struct ImageOptions {
        var format: ImageFormat?
        var size: RenderContext.CellSize?
    }

    private let loop = EventLoop()
    private var terminal: Terminal
    private let requests: [Request]
    private let format: OutputFormat
    private let imageOptions: ImageOptions

    private lazy var progress = ProgressLine(loop: loop, width: terminal.stderrWidth)
    private lazy var placeholder = Placeholder(loop: loop, progress: progress)
    private var loaders: [SourceLoader] = []
    private var signalWatches: [LoopSource] = []
    private var interruption: Int32?
    private var cancelled: Set<String> = []
    private let endpoint = SampleEndpoint()
    private var pagesWanted: [String: Int] = [:]
    /// The reader of stdout went away during an ndjson run.
    private var stdoutClosed = false

    init(requests: [Request], terminal: Terminal, format: OutputFormat, imageOptions: ImageOptions) {
        self.requests = requests
        self.terminal = terminal
        self.format = format
        self.imageOptions = imageOptions
    }

    /// Runs to completion and returns the exit status.
    func run() -> Int32 {
        // Before anything is said on stderr: once the URL line shows, a signal must find its
        // handler, not the default disposition that would end the process.
        watchSignals()
        let fetcher = URLFetcher(loop: loop, http: HTTPClient(loop: loop))
        for request in requests {
            guard let url = endpoint.url(for: request) else { return ExitStatus.allFailed }
            SampleEndpoint.announce(request, url: url)
            let loader = SampleEndpoint.loader(request, url: url, fetcher: fetcher, loop: loop)
            loader.observe { [unowned self] change in observe(change) }
            loaders.append(loader)
            pagesWanted[request.sourceName] = request.pages
        }
        loaders.forEach { $0.load() }
        if loaders.contains(where: \.state.isBusy) { loop.run() }

        // Back to default dispositions: a Ctrl-C while printing ends the process as usual.
        // GLib restores them when the last reference to each watch goes.
        signalWatches.forEach { $0.cancel() }
        signalWatches = []
        progress.clear()
        placeholder.erase()
        return finish()
    }

    private func observe(_ change: StateChange) {
        if format == .ndjson, change.cause != .progressed {
            logTransition(change)
        }
        if terminal.showsLiveProgress {
            if case .loading(let bytes, _) = change.to { progress.show(change.source, bytes) } else { progress.clear() }
        }
        if change.cause == .started, showsPlaceholder, let loader = loaders.first(where: { $0.source.name == change.source }) {
            placeholder.show(loader.source.plugin.placeholder(context: renderContext), rows: (terminal.height ?? 24) - 3)
        } else if !change.to.isLoading {
            placeholder.erase()
        }
        if change.cause == .succeeded, interruption == nil, let loader = loaders.first(where: { $0.source.name == change.source }) {
            loadMoreIfWanted(loader)
        }
        if change.cause == .cancelled { cancelled.insert(change.source) }
        if change.cause == .retryScheduled, case .failed(let error, _, let retry?) = change.to {
            OutputStream.standardError.report("\(TerminalText.sanitized(change.source)): \(Self.describe(error, retry: retry))\n")
        }
        if !loaders.contains(where: \.state.isBusy) { loop.quit() }
    }

    /// Writes one ndjson line; when the reader has gone, stops the run quietly.
    private func logTransition(_ change: StateChange) {
        guard !stdoutClosed else { return }
        do {
            try OutputStream.standardOutput.write(TransitionRecord(change, at: TransitionRecord.now()).line())
        } catch {
            stdoutClosed = true
            loaders.forEach { $0.cancel() }
        }
    }

    /// After a page arrives, asks for the next while --pages wants more and the list has more.
    private func loadMoreIfWanted(_ loader: SourceLoader) {
        let wanted = pagesWanted[loader.source.name] ?? 1
        if loader.pagesLoaded < wanted, let stop = loader.pagingStop {
            OutputStream.standardError.report("\(TerminalText.sanitized(loader.source.name)): \(TerminalText.sanitized(stop.description))\n")
        }
        guard loader.pagesLoaded < wanted, loader.nextPage != nil else {
            if wanted == Self.pageLimit && loader.nextPage != nil {
                OutputStream.standardError.report("\(TerminalText.sanitized(loader.source.name)): stopped after \(Self.pageLimit) pages\n")
            }
            return
        }
        loader.loadMore()
    }

    private func watchSignals() {
        for (signal, status) in [(SIGINT, ExitStatus.interrupted), (SIGTERM, ExitStatus.terminated), (SIGHUP, ExitStatus.hangUp)] {
            signalWatches.append(loop.onSignal(signal) { [unowned self] in interrupt(status) })
        }
        // Until watch mode, SIGUSR1 and SIGUSR2 act on what is loading or waiting to retry.
        signalWatches.append(loop.onSignal(SIGUSR1) { [unowned self] in reloadNow() })
        signalWatches.append(loop.onSignal(SIGUSR2) { [unowned self] in retryNow() })
        signalWatches.append(loop.onSignal(SIGWINCH) { [unowned self] in
            terminal = Terminal.current(environment: terminal.environment)
            progress.width = terminal.stderrWidth
        })
    }

    /// SIGUSR1: load again now; a load in flight is left to finish, and that is said.
    private func reloadNow() {
        for loader in loaders where loader.state.isBusy {
            if loader.state.isLoading {
                OutputStream.standardError.report("\(TerminalText.sanitized(loader.source.name)): reload skipped — previous load still running\n")
            } else {
                loader.reload()
            }
        }
    }

    /// SIGUSR2: retry what waits for a retry now, with its backoff reset.
    private func retryNow() {
        for loader in loaders where loader.state.pendingRetry != nil {
            OutputStream.standardError.report("\(TerminalText.sanitized(loader.source.name)): retrying now\n")
            loader.retry()
        }
    }

    private func interrupt(_ status: Int32) {
        if interruption != nil {
            // A second signal: leave now, but still leave the terminal usable.
            progress.clear()
            placeholder.erase()
            _exit(status)
        }
        interruption = status
        loaders.forEach { $0.cancel() }
    }

    private func finish() -> Int32 {
        let errors = OutputStream.standardError
        if stdoutClosed { return ExitStatus.success }
        if let interruption {
            for loader in loaders where cancelled.contains(loader.source.name) {
                errors.report("\(TerminalText.sanitized(loader.source.name)): cancelled\n")
            }
            return interruption
        }
        let context = renderContext
        var failures = 0
        var output = ""
        for loader in loaders {
            let name = TerminalText.sanitized(loader.source.name)
            switch loader.state {
            case .loaded(let content):
                switch format {
                case .ndjson:
                    // The transitions were the output.
                    break
                case .json:
                    output += content.renderJSON() + "\n"
                case .text:
                    let text = content.render(context)
                    if text.isEmpty { errors.report("\(name): no \(content.pluginName)\n") }
                    output += text
                }
            case .failed(let error, _, _):
                failures += 1
                errors.report("\(name): \(Self.describe(error))\n")
            case .idle, .loading:
                failures += 1
                errors.report("\(name): did not finish loading\n")
            }
        }
        do {
            try OutputStream.standardOutput.write(output)
        } catch {
            // The reader has gone (`| head -1`): what it wanted, it has. Stop quietly.
            return ExitStatus.success
        }
        if failures == 0 { return ExitStatus.success }
        return failures == loaders.count ? ExitStatus.allFailed : ExitStatus.someFailed
    }

    private var renderContext: RenderContext {
        RenderContext(width: terminal.width, height: terminal.height, allowsStyling: terminal.allowsStyling,
                      isTerminal: terminal.stdoutIsTTY, environment: terminal.environment,
                      imageFormat: imageOptions.format?.rawValue, imageSize: imageOptions.size)
    }

    /// Skeletons only on a terminal, only for text, and only for one source: several would
    /// need a screen layout of their own.
    private var showsPlaceholder: Bool {
        terminal.stdoutIsTTY && format == .text && requests.count == 1
    }

    /// `<what happened> — retrying in 3.2 s (attempt 2 of 3)`, safe for a terminal.
    static func describe(_ error: LoadError, retry: PendingRetry) -> String {
        var text = "\(error.description) — retrying in \(LoadError.format(retry.delay))"
        if retry.clampedRetryAfter { text += " (the server's Retry-After, capped at 6 h)" }
        text += " (attempt \(retry.attempt) of \(retry.maxAttempts))"
        return TerminalText.sanitized(text).replacingNewlines()
    }

    /// `<what happened> — <what to do>`, safe for a terminal.
    static func describe(_ error: LoadError) -> String {
        var text = error.description
        if let suggestion = error.suggestion { text += " — " + suggestion }
        return TerminalText.sanitized(text).replacingNewlines()
    }
}

extension String {
    /// One error, one line.
    func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    }
}
