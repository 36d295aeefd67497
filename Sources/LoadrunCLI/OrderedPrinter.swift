import Loader
import Plugins

/// A run that loads once, as text or JSON: each source's content printed in the order given,
/// as soon as it and every source before it have come to rest, under `==> name <==` when there
/// are several. Failures go to stderr in the same order.
///
/// On a terminal it shows a spinner with the bytes received (or how many sources are done)
/// and, for one source as text, a skeleton of what is coming.
final class OrderedPrinter: Presenter {
    enum Format { case text, json }

    private let format: Format
    var drawsViews: Bool { format == .text }
    private unowned var session: LoadSession!
    private var progress: ProgressLine!
    private var skeleton: SkeletonView!
    /// The first source not yet printed: those before it are out, in order.
    private var nextToPrint = 0
    /// Whether a source's header has been printed: the next one is set off by a blank line.
    private var printedHeaders = false
    /// The sources whose load a signal cancelled, by index.
    private var cancelled: Set<Int> = []

    init(format: Format) { self.format = format }

    func start(_ session: LoadSession) {
        self.session = session
        progress = ProgressLine(loop: session.loop, width: session.terminal.stderrWidth)
        skeleton = SkeletonView(loop: session.loop, progress: progress)
    }

    private var sources: [SessionSource] { session.sources }

    func changed(_ source: SessionSource, by change: StateChange) {
        if session.terminal.showsLiveProgress { showProgress(change) }
        if change.cause == .started, showsSkeleton {
            skeleton.show(session.plugins.skeleton(for: source.loader.source.plugin, context: session.renderContext()),
                             rows: (session.terminal.height ?? 24) - 3)
        } else if !change.to.isLoading {
            skeleton.erase()
        }
        if change.cause == .cancelled { cancelled.insert(source.index) }
        guard session.ending == nil else { return }
        if change.cause == .retryScheduled, case .failed(let error, _, let retry?) = change.to {
            Diagnostics.say("\(source.name): \(LoadErrorText.describe(error, retry: retry))")
        }
        if source.isSettled { printSettled() }
    }

    func resized(to terminal: Terminal) {
        progress.width = terminal.stderrWidth
    }

    func finish(_ ending: SessionEnding?) {
        progress.clear()
        skeleton.erase()
        switch ending {
        case nil:
            printSettled()
        case .signal?:
            for source in sources where cancelled.contains(source.index) { Diagnostics.say("\(source.name): cancelled") }
        case .quit?, .stdoutClosed?:
            break
        }
    }

    func leaveNow() {
        progress.clear()
        skeleton.erase()
    }

    /// One source: its bytes. Several: how many are done.
    private func showProgress(_ change: StateChange) {
        if sources.count == 1 {
            if case .loading(let bytes, _) = change.to { progress.show(change.source, bytes) } else { progress.clear() }
            return
        }
        let done = session.settledCount
        if done == sources.count {
            progress.clear()
        } else if change.cause != .progressed {
            progress.show(summary: "\(done) of \(sources.count) sources done")
        }
    }

    /// Prints, in the order given, every source not yet printed that has come to rest and all
    /// of whose predecessors have been printed.
    private func printSettled() {
        var output = ""
        while nextToPrint < sources.count, sources[nextToPrint].isSettled {
            let text = outcome(of: sources[nextToPrint])
            // A signal arrived mid-render: drop what was rendered; its handler ends the run.
            if session.probe.isRaised { return }
            output += text
            nextToPrint += 1
        }
        guard !output.isEmpty else { return }
        progress.eraseLine()
        session.output.write(output)
    }

    /// What a settled source prints on stdout; its failure goes to stderr, now, in order.
    private func outcome(of source: SessionSource) -> String {
        switch source.loader.state {
        case .loaded(let content):
            switch format {
            case .json:
                var json = UntrustedText.forJSON(session.plugins.renderJSON(content, context: session.renderContext()))
                json += "\n"
                return json
            case .text:
                let text = session.plugins.render(content, context: session.renderContext())
                if text.isEmpty { Diagnostics.say("\(source.name): no \(content.pluginName)") }
                guard sources.count > 1 else { return text }
                // Several sources: each under a header, as `head` and `tail` print several files.
                defer { printedHeaders = true }
                let header = TerminalText.truncated("==> \(source.name) <==", toWidth: session.terminal.width)
                return (printedHeaders ? "\n" : "") + header + "\n" + text
            }
        case .failed(let error, _, _):
            Diagnostics.say("\(source.name): \(LoadErrorText.describe(error))")
        case .idle, .loading:
            Diagnostics.say("\(source.name): did not finish loading")
        }
        return ""
    }

    /// Skeletons only on a terminal, only for text, and only for one source: several would
    /// need a screen layout of their own.
    private var showsSkeleton: Bool {
        session.terminal.stdoutIsTTY && format == .text && sources.count == 1
    }
}
