import Loader
import Plan
import Plugins
import TerminalText

/// A run that loads once, as text or JSON: each source's content printed in the order given,
/// as soon as it and every source before it have come to rest, under `==> name <==` when there
/// are several. Failures go to stderr in the same order. A live stream's items go out as they
/// come, as `tail -f` prints several files: under its header again whenever another source
/// printed in between; it holds back none of the sources after it.
///
/// On a terminal it shows a spinner with the bytes received (or how many sources are done)
/// and, for one source as text, a skeleton of what is coming.
final class OrderedPrinter: Presenter {
    /// Text, or JSON (NDJSON is the log's own presenter: given it, a printer prints JSON).
    private let format: OutputFormat
    /// A view's notes (`shown as a table`) are for what it draws: `-I` draws the head alone.
    var drawsViews: Bool { format == .text && head != .alone }
    func showsProgress(in environment: PresenterEnvironment) -> Bool { environment.showsProgress }
    private(set) var environment: PresenterEnvironment!
    /// Each source as of its last change, by index.
    private var sources: [SourceSnapshot] = []
    /// How many of them have come to rest.
    private var settledCount = 0
    private var progress: ProgressLine!
    private var skeleton: SkeletonView!
    /// The first source not yet printed: those before it are out, in order.
    private var nextToPrint = 0
    /// Whether a source's header has been printed: the next one is set off by a blank line.
    private var printedHeaders = false
    /// The sources whose load a signal cancelled, by index.
    private var cancelled: Set<Int> = []
    /// The sources some of whose content went out in pieces, by index: the rest of it may be
    /// nothing, which is then no empty state.
    private var printedPieces: Set<Int> = []
    /// The source whose output went out last, when there are several: a stream's next items
    /// go under its header again after another's.
    private var lastPrinted: Int?
    /// The sources passed over in order while they streamed: each is done once it settles.
    private var streamingBehind: Set<Int> = []
    /// `-i`, `-I`: whether each source's response head is printed, before its content or alone.
    private let head: ResponseHeadOutput
    /// The head of each source's response, by index, while its content waits its turn.
    private var heads: [Int: ResponseInfo] = [:]
    /// Which items of each source's last load `--unseen` or `--unread` shows, as its
    /// verdict said, by index.
    private var picks: [Int: UnseenItems.Choice] = [:]
    /// What `-w` writes of each source; nil without it.
    private var writeOut: WriteOutLog?

    init(format: OutputFormat, head: ResponseHeadOutput = .omitted) {
        self.format = format
        self.head = head
    }

    func start(_ sources: [SourceSnapshot], boards: any StatusBoards, environment: PresenterEnvironment) {
        self.sources = sources
        settledCount = sources.count { $0.isSettled }
        self.environment = environment
        progress = ProgressLine(timers: environment.timers, width: environment.terminal.stderrWidth, diagnostics: environment.diagnostics)
        skeleton = SkeletonView(timers: environment.timers, progress: progress, output: environment.output)
        writeOut = environment.view.writeOut.map(WriteOutLog.init)
    }

    /// A head comes with the change that settles the load, after the pieces would have gone:
    /// with one, only a live stream's items go out as they come, under the head its first
    /// items came with.
    var printsPieces: Bool { true }
    var takesPiecesOnlyFromStreams: Bool { head != .omitted }
    var labelsPieces: Bool { true }

    func piece(_ content: AnyContent, ofSource index: Int) {
        guard environment.ending == nil, !environment.signalWaiting, !environment.output.isClosed else { return }
        let source = sources[index]
        if printedPieces.insert(index).inserted {
            // The results take the place of what stood for them while the body came.
            progress.clear()
            skeleton.erase()
            if head != .omitted, format == .text, let response = heads.removeValue(forKey: index) {
                environment.output.write(ResponseHeadText.of(response) ?? "")
            }
        }
        // `-I`: the head alone (a HEAD request's response has no body to stream).
        guard head != .alone else { return }
        printContent(content, of: source, isPiece: true)
    }

    func changed(_ source: SourceSnapshot, by change: StateChange, verdict: LoadVerdict?) {
        settledCount += (source.isSettled ? 1 : 0) - (sources[source.index].isSettled ? 1 : 0)
        sources[source.index] = source
        if environment.showsProgress { showProgress(change) }
        if change.cause == .started, showsSkeleton {
            skeleton.show(environment.plugins.skeleton(for: source.plugin, context: environment.renderContext(imageFormat: nil)),
                             rows: (environment.terminal.height ?? 24) - 3)
        } else if !change.to.isLoading {
            skeleton.erase()
        }
        if change.cause == .cancelled { cancelled.insert(source.index) }
        if head != .omitted, let response = change.response { heads[source.index] = response }
        if let picked = verdict?.picked { picks[source.index] = picked }
        writeOut?.take(change, of: source)
        guard environment.ending == nil else { return }
        if change.cause == .retryScheduled, case .failed(let error, _, let retry?) = change.to {
            environment.diagnostics.say("\(source.name): \(LoadErrorText.describe(error, retry: retry))")
        }
        if source.isSettled {
            if streamingBehind.remove(source.index) != nil { printOutcome(of: source) }
            printSettled()
        }
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
            for source in sources where cancelled.contains(source.index) { environment.diagnostics.say("\(source.name): cancelled") }
        case .quit?, .stdoutClosed?, .outputFailed?, .unstarted?, .conditionMet?, .waitTimedOut?:
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
        let done = settledCount
        if done == sources.count {
            progress.clear()
        } else if change.cause != .progressed {
            progress.show(summary: "\(done) of \(sources.count) sources done")
        }
    }

    /// Prints, in the order given, every source not yet printed that has come to rest and all
    /// of whose predecessors have been printed.
    private func printSettled() {
        while nextToPrint < sources.count {
            if sources[nextToPrint].isSettled {
                printOutcome(of: sources[nextToPrint])
            } else if printedPieces.contains(nextToPrint) {
                // A stream prints its items as they come, and its end once it settles.
                streamingBehind.insert(nextToPrint)
            } else {
                return
            }
            // A signal arrived mid-render: its handler ends the run.
            if environment.signalWaiting { return }
            nextToPrint += 1
        }
    }

    /// Writes a settled source's content to stdout as it is rendered, a piece at a time, so a
    /// big document is never held whole as text; its failure goes to stderr, now, in order.
    private func printOutcome(of source: SourceSnapshot) {
        defer {
            if let text = writeOut?.text(for: source.index) {
                let sink = stdoutSink()
                sink.write(text)
                sink.flush()
            }
        }
        switch source.state {
        case .loaded(let content):
            // A stream whose items all went out as they came has nothing left to print.
            if printedPieces.contains(source.index), content.itemCount == 0 { return }
            printContent(content, of: source)
        case .failed(let error, let lastGood, _):
            // A copy from an earlier run goes out as content would, and the error says so.
            if error.copyVerifiedAt != nil, let lastGood {
                printContent(lastGood, of: source)
            } else if head != .omitted, let text = error.response.flatMap(ResponseHeadText.of) {
                // As curl -i shows an error's head: the status is the answer.
                let sink = stdoutSink()
                sink.write((sources.count > 1 ? headerLine(for: source) : "") + text)
                sink.flush()
            }
            environment.diagnostics.say("\(source.name): \(LoadErrorText.describe(error))")
        case .idle, .loading:
            environment.diagnostics.say("\(source.name): did not finish loading")
        }
    }

    /// Writes `content` to stdout as text or JSON, under the source's header when there are several.
    /// `--unseen` leaves out the items an earlier run showed (as the load's verdict picked
    /// them): with none new, text prints nothing, and JSON the list with no items. A live
    /// stream's pieces print whole, as they come.
    private func printContent(_ content: AnyContent, of source: SourceSnapshot, isPiece: Bool = false) {
        var kept: [Int]?
        var keptKeys = UnseenItems.ItemKeys()
        // `--unread --jq`: the program read only the unread items; what it gave is printed whole.
        let ranBeforeJQ = environment.unseen?.ranBeforeJQ(content) == true
        switch isPiece ? nil : picks[source.index] {
        case .only(let indices, let keys, let since)?:
            if !ranBeforeJQ { (kept, keptKeys) = (indices, keys) }
            if indices.isEmpty {
                let nothing = environment.unseen?.rule == .unread ? "nothing unread: every item was opened" : "nothing new"
                environment.diagnostics.say("\(source.name): \(nothing)" + (since.map { " since \(ClockTime.shortTime($0 / 1000))" } ?? ""))
                if format == .text && !ranBeforeJQ { return }
            }
        case .notAList?:
            let picks = environment.unseen?.rule == .unread ? "--unread picks the unread items" : "--unseen picks the new items"
            environment.diagnostics.say("\(source.name): \(picks) of a list or a feed; this is no list, shown whole")
        case .all?, nil:
            break
        }
        var context = environment.renderContext(for: source)
        // The items are picked from the whole list, not from what max-items leaves: `--unseen`
        // shows every new item (one cut would count as shown by the next run), and `--unread`
        // the first max-items of the unread ones.
        var unreadLeftOut = 0
        if let rule = environment.unseen?.rule, let limit = context.maxItems, rule == .unseen || kept != nil {
            context.maxItems = nil
            if rule == .unread, format == .text, let all = kept, all.count > limit {
                (kept, unreadLeftOut) = (Array(all.prefix(limit)), all.count - limit)
            }
        }
        switch format {
        case .json, .ndjson:
            var json = JSONOutputText(context: context)
            let sink = stdoutSink { json.next($0) }
            if printedPieces.contains(source.index) {
                // The rest of what went out in pieces, if anything is left, labelled as each
                // piece of several sources is.
                let text = environment.plugins.renderJSON(content, context: sources.count > 1 ? context.compacted : context)
                if !text.isEmpty { sink.write(sources.count > 1 ? LabelledJSON.lines(for: source, compactJSON: text) : text + "\n") }
                sink.flush()
                return
            } else if sources.count > 1 || kept != nil {
                // Several sources: each on labelled lines of its own, which are compact, so
                // rendered compact from the start.
                let context = sources.count > 1 ? context.compacted : context
                var text = environment.plugins.renderJSON(content, context: context)
                if let kept { text = UnseenItems.json(text, keeping: kept, keys: keptKeys, context: context) }
                sink.write(sources.count > 1 ? LabelledJSON.lines(for: source, compactJSON: text) : text + "\n")
            } else {
                environment.plugins.writeJSON(content, context: context, to: sink)
                sink.write("\n")
            }
            sink.flush()
            // `null` alone could be a server's own JSON null: the state line tells them apart.
            if let state = environment.plugins.emptyState(of: content), environment.saysEmptyState(of: content) { environment.diagnostics.say("\(source.name): \(state)") }
        case .text:
            // A stream's next items go on under the header its last ones went under.
            let goesOn = printedPieces.contains(source.index) && lastPrinted == source.index
            var header = sources.count > 1 && !goesOn ? headerLine(for: source) : ""
            // A stream's head went out before its items: not again at its end.
            var wroteHead = false
            if head != .omitted, !printedPieces.contains(source.index), let response = heads.removeValue(forKey: source.index),
               let text = ResponseHeadText.of(response) {
                header += text
                wroteHead = true
            }
            let sink = stdoutSink()
            sink.write(header)
            if head == .alone {
                sink.flush()
                if !wroteHead, !printedPieces.contains(source.index) {
                    environment.diagnostics.say("\(source.name): \(ResponseHeadText.noHead(source))")
                }
                return
            }
            if let kept, let items = environment.plugins.renderItems(of: content, context: context) {
                sink.write(UnseenItems.text(items, keeping: kept))
                if unreadLeftOut > 0 { sink.write(TextStyle.dim.apply("… \(unreadLeftOut) more unread", in: context) + "\n") }
            } else {
                environment.plugins.write(content, context: context, to: sink)
            }
            sink.flush()
            if sink.itemsLeftOut > 0 {
                let items = sink.itemsLeftOut == 1 ? "1 item" : "\(sink.itemsLeftOut) items"
                environment.diagnostics.say("\(source.name): --max-items left out \(items) of the JSON's arrays")
            }
            if sink.byteCount == header.utf8.count, !printedPieces.contains(source.index), environment.saysEmptyState(of: content) {
                environment.diagnostics.say("\(source.name): \(environment.plugins.emptyState(of: content) ?? "no \(content.pluginName)")")
            }
        }
    }

    /// Several sources: each under a header, as `head` and `tail` print several files.
    private func headerLine(for source: SourceSnapshot) -> String {
        defer { printedHeaders = true }
        lastPrinted = source.index
        let header = environment.fitted("==> \(source.name) <==")
        return (printedHeaders ? "\n" : "") + header + "\n"
    }

    /// A sink onto stdout: each piece made safe by `safe` when given (JSON output's), handed
    /// on as bytes, the progress line erased before the first. It stops once a signal has
    /// arrived (what a render gives after that is thrown away: its handler ends the run) or
    /// the reader of stdout has gone (`| head`), and the render stops with it.
    private func stdoutSink(_ safe: ((String) -> String)? = nil) -> RenderSink {
        var erased = false
        let take = { [environment, progress] (piece: [UInt8]) -> Bool in
            guard let environment, !environment.signalWaiting, !environment.output.isClosed else { return false }
            let output = environment.output
            if !erased {
                progress?.eraseLine()
                erased = true
            }
            output.write(bytes: piece)
            return !output.isClosed
        }
        guard let safe else { return RenderSink.handingOnBytes(take) }
        return RenderSink(deliver: { take(Array(safe($0).utf8)) })
    }

    /// Skeletons only on a terminal that moves its cursor (they are erased by moving it back:
    /// not on `TERM=dumb`), only for text, and only for one source: several would need a
    /// screen layout of their own.
    private var showsSkeleton: Bool {
        environment.terminal.movesCursor && format == .text && sources.count == 1 && environment.verbosity > .quiet && !environment.readsTypedInput
    }
}
