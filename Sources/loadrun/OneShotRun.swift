#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plugins
import SampleSource

/// One `loadrun --source …` run: loads every source once, all at once on the loop, and prints
/// each one's content in the order given, as soon as it and every source before it are done.
///
/// It owns the loop's participants (sample server, HTTP client, loaders, signal watches,
/// progress line) and turns what happened into an exit status: 0 when all succeeded, 1 when
/// some failed, 2 when all did.
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
        /// The source's own reload interval in watch mode, from the sources file.
        var interval: Duration?
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
    private let clientConfiguration: HTTPClientConfiguration

    private lazy var progress = ProgressLine(loop: loop, width: terminal.stderrWidth)
    private lazy var placeholder = Placeholder(loop: loop, progress: progress)
    private var loaders: [SourceLoader] = []
    private var signalWatches: [LoopSource] = []
    /// Lets a long render stop for the signals that end the run.
    private let probe = InterruptProbe(signals: [SIGINT, SIGTERM, SIGHUP])
    private var interruption: Int32?
    private var cancelled: Set<String> = []
    private let endpoint = SampleEndpoint()
    private var pagesWanted: [String: Int] = [:]
    /// The reader of stdout went away.
    private var stdoutClosed = false
    /// The first source not yet printed: those before it are out, in order.
    private var nextToPrint = 0
    private var failures = 0
    /// The sources loading or waiting to retry, kept as changes come: asking every loader on
    /// every change would cost a run of 1,000 sources millions of state copies.
    private var busy: Set<ObjectIdentifier> = []
    /// Whether a source's header has been printed: the next one is set off by a blank line.
    private var printedHeaders = false

    init(requests: [Request], terminal: Terminal, format: OutputFormat, imageOptions: ImageOptions,
         client: HTTPClientConfiguration = HTTPClientConfiguration()) {
        self.requests = requests
        self.terminal = terminal
        self.format = format
        self.imageOptions = imageOptions
        clientConfiguration = client
    }

    /// Runs to completion and returns the exit status.
    func run() -> Int32 {
        // Before anything is said on stderr: once the URL line shows, a signal must find its
        // handler, not the default disposition that would end the process.
        watchSignals()
        let http = HTTPClient(loop: loop, configuration: clientConfiguration)
        let fetcher = URLFetcher(loop: loop, http: http)
        for request in requests {
            guard let url = endpoint.url(for: request) else { return ExitStatus.allFailed }
            // One source says where it loads from; many would bury the content in URLs.
            if requests.count == 1 { SampleEndpoint.announce(request, url: url) }
            let loader = SampleEndpoint.loader(request, url: url, fetcher: fetcher, loop: loop)
            loader.observe { [unowned self, unowned loader] change in observe(change, of: loader) }
            loaders.append(loader)
            pagesWanted[request.sourceName] = request.pages
        }
        loaders.forEach { $0.load() }
        if loaders.contains(where: \.state.isBusy) { loop.run() }

        // Back to default dispositions: a Ctrl-C while printing ends the process as usual.
        // GLib restores them when the last reference to each watch goes.
        signalWatches.forEach { $0.cancel() }
        signalWatches = []
        probe.close()
        progress.clear()
        placeholder.erase()
        if interruption == nil { http.saveCache() }
        return finish()
    }

    private func observe(_ change: StateChange, of loader: SourceLoader) {
        if change.to.isBusy { busy.insert(ObjectIdentifier(loader)) } else { busy.remove(ObjectIdentifier(loader)) }
        if format == .ndjson, change.cause != .progressed {
            logTransition(change)
        }
        if terminal.showsLiveProgress { showProgress(change) }
        if change.cause == .started, showsPlaceholder {
            placeholder.show(loader.source.plugin.placeholder(context: renderContext), rows: (terminal.height ?? 24) - 3)
        } else if !change.to.isLoading {
            placeholder.erase()
        }
        if change.cause == .succeeded, interruption == nil {
            loadMoreIfWanted(loader)
        }
        if change.cause == .cancelled { cancelled.insert(change.source) }
        if change.cause == .retryScheduled, case .failed(let error, _, let retry?) = change.to {
            progress.eraseLine()
            Diagnostics.say("\(change.source): \(Self.describe(error, retry: retry))")
        }
        if interruption == nil && !change.to.isBusy { printSettled() }
        // A render stopped for a signal: the loop must stay up until its handler has run.
        if busy.isEmpty && !probe.isRaised { loop.quit() }
    }

    /// One source: its bytes. Several: how many are done.
    private func showProgress(_ change: StateChange) {
        if loaders.count == 1 {
            if case .loading(let bytes, _) = change.to { progress.show(change.source, bytes) } else { progress.clear() }
            return
        }
        let done = loaders.count - busy.count
        if done == loaders.count {
            progress.clear()
        } else if change.cause != .progressed {
            progress.show(summary: "\(done) of \(loaders.count) sources done")
        }
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
            Diagnostics.say("\(loader.source.name): \(stop.description)")
        }
        guard loader.pagesLoaded < wanted, loader.nextPage != nil else {
            if wanted == Self.pageLimit && loader.nextPage != nil {
                Diagnostics.say("\(loader.source.name): stopped after \(Self.pageLimit) pages")
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
                Diagnostics.say("\(loader.source.name): reload skipped — previous load still running")
            } else {
                loader.reload()
            }
        }
    }

    /// SIGUSR2: retry what waits for a retry now, with its backoff reset.
    private func retryNow() {
        for loader in loaders where loader.state.pendingRetry != nil {
            Diagnostics.say("\(loader.source.name): retrying now")
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
        probe.lower()
        loaders.forEach { $0.cancel() }
        // Nothing may be loading: the signal came during a render.
        if busy.isEmpty { loop.quit() }
    }

    /// Prints, in the order given, every source not yet printed whose load has ended and all
    /// of whose predecessors have been printed.
    private func printSettled() {
        var output = ""
        while nextToPrint < loaders.count, !loaders[nextToPrint].state.isBusy {
            let text = outcome(of: loaders[nextToPrint])
            // A signal arrived mid-render: drop what was rendered; its handler ends the run.
            if probe.isRaised { return }
            output += text
            nextToPrint += 1
        }
        guard !output.isEmpty, !stdoutClosed else { return }
        progress.eraseLine()
        do {
            try OutputStream.standardOutput.write(output)
        } catch {
            // The reader has gone (`| head -1`): what it wanted, it has. Stop quietly.
            stdoutClosed = true
            loaders.forEach { $0.cancel() }
        }
    }

    /// What a settled source prints on stdout; its failure goes to stderr, now, in order.
    private func outcome(of loader: SourceLoader) -> String {
        let name = loader.source.name
        switch loader.state {
        case .loaded(let content):
            switch format {
            case .ndjson:
                // The transitions were the output.
                return ""
            case .json:
                return UntrustedText.forJSON(content.renderJSON()) + "\n"
            case .text:
                let text = content.render(renderContext)
                if text.isEmpty { Diagnostics.say("\(name): no \(content.pluginName)") }
                guard loaders.count > 1 else { return text }
                // Several sources: each under a header, as `head` and `tail` print several files.
                defer { printedHeaders = true }
                let header = TerminalText.truncated(UntrustedText.forTerminalLine("==> \(name) <=="), toWidth: renderContext.width)
                return (printedHeaders ? "\n" : "") + header + "\n" + text
            }
        case .failed(let error, _, _):
            failures += 1
            progress.eraseLine()
            Diagnostics.say("\(name): \(Self.describe(error))")
        case .idle, .loading:
            failures += 1
            Diagnostics.say("\(name): did not finish loading")
        }
        return ""
    }

    private func finish() -> Int32 {
        if stdoutClosed { return ExitStatus.success }
        if let interruption {
            for loader in loaders where cancelled.contains(loader.source.name) {
                Diagnostics.say("\(loader.source.name): cancelled")
            }
            return interruption
        }
        printSettled()
        if stdoutClosed { return ExitStatus.success }
        if failures == 0 { return ExitStatus.success }
        return failures == loaders.count ? ExitStatus.allFailed : ExitStatus.someFailed
    }

    private var renderContext: RenderContext {
        RenderContext(width: terminal.width, height: terminal.height, allowsStyling: terminal.allowsStyling,
                      isTerminal: terminal.stdoutIsTTY, environment: terminal.environment,
                      imageFormat: imageOptions.format?.rawValue, imageSize: imageOptions.size, interruption: probe)
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
        return UntrustedText.forTerminalLine(text)
    }

    /// `<what happened> — <what to do>`, safe for a terminal.
    static func describe(_ error: LoadError) -> String {
        var text = error.description
        if let suggestion = error.suggestion { text += " — " + suggestion }
        return UntrustedText.forTerminalLine(text)
    }
}
