import Loader
import Plan
import Plugins
import TerminalText
import Screen

/// A watch whose stdout is not a terminal (or that prints JSON): each source's content when
/// the load's verdict says it changed, text under a `==> name at time <==` header, and on
/// stderr what failed and when it recovered, and a change the printed view does not show.
final class PipePrinter: Presenter {
    /// Text, or JSON (NDJSON is the log's own presenter: given it, a printer prints JSON).
    private let format: OutputFormat
    /// A view's notes (`shown as a table`) are for what it draws: `-I` draws the head alone.
    var drawsViews: Bool { format == .text && head != .alone }
    private(set) var environment: PresenterEnvironment!
    /// Each source as of its last change, by index.
    private var sources: [SourceSnapshot] = []
    /// The text last printed of each source, by index, to tell whether new content differs.
    private var shown: [Int: String] = [:]
    /// The keys of the items last printed of each list, by index, to mark the new ones.
    private var shownKeys: [Int: Set<String>] = [:]
    /// `-i`, `-I`: whether each source's response head is printed under its header line.
    private let head: ResponseHeadOutput
    /// The head of each source's last response with content, by index.
    private var heads: [Int: ResponseInfo] = [:]

    /// The sources whose load in flight printed a live stream's items as they came.
    private var printedPieces: Set<Int> = []
    /// The sources whose items any load printed as they came.
    private var printedAnything: Set<Int> = []

    init(format: OutputFormat, head: ResponseHeadOutput = .omitted) {
        self.format = format
        self.head = head
    }

    func start(_ sources: [SourceSnapshot], boards: any StatusBoards, environment: PresenterEnvironment) {
        self.sources = sources
        self.environment = environment
    }

    /// A live stream's items print as they come, each load's under its header; the rest of
    /// a watch's content prints once come to rest, where it changed.
    var printsPieces: Bool { head == .omitted }
    var takesPiecesOnlyFromStreams: Bool { true }

    func piece(_ content: AnyContent, ofSource index: Int) {
        guard environment.ending == nil, !environment.signalWaiting, !environment.output.isClosed else { return }
        let context = environment.renderContext(imageFormat: nil)
        // A stream's items are a script's lines: a header parts one load's from an earlier's.
        let header = printedPieces.insert(index).inserted && printedAnything.contains(index)
        printedAnything.insert(index)
        switch format {
        case .json, .ndjson:
            environment.output.write(environment.plugins.renderJSON(content, context: context.compacted) + "\n")
        case .text:
            let header = header ? environment.fitted("==> \(sources[index].name) at \(ClockTime.dateAndTime(ClockTime.now())) <==") + "\n" : ""
            environment.output.write(header + environment.plugins.render(content, context: context))
        }
    }

    func changed(_ source: SourceSnapshot, by change: StateChange, verdict: LoadVerdict?) {
        sources[source.index] = source
        // What a load printed as it came is its own: the next load prints anew.
        let printedItems = change.cause == .started ? printedPieces.remove(source.index) != nil : printedPieces.contains(source.index)
        if head != .omitted, let response = change.response { heads[source.index] = response }
        // The loads cancelled on the way out are not news.
        guard environment.ending == nil else { return }
        switch change.cause {
        case .succeeded, .notModified:
            let failures = source.failuresBeforeSuccess
            if failures > 0 {
                let loads = failures == 1 ? "1 failed load" : "\(failures) failed loads"
                environment.diagnostics.say("\(source.name): recovered at \(ClockTime.timeOfDay(ClockTime.now())) after \(loads)")
            }
            // Unchanged content is not even rendered; a change is, once it has come to rest. A
            // stream's printed its items as they came.
            if change.cause == .succeeded, !printedItems, let verdict, verdict.changed { present(source, changed: !verdict.isFirst) }
        case .failed, .retryScheduled:
            if let banner = source.banner { environment.diagnostics.say("\(source.name): \(banner)") }
            // A copy from an earlier run stands beside the failure, as the banner says.
            if change.to.error?.copyVerifiedAt != nil { present(source) }
        case .cancelled:
            // A cancelled page chain leaves the pages it had; show them if they differ.
            if source.isSettled { present(source) }
        case .started, .progressed, .streamed, .reconnecting:
            // A stream's items print as pieces, as they come (one source), or once it ends.
            break
        }
    }

    /// The content as JSON: alone, pretty; with several sources, on a labelled line (`LabelledJSON`),
    /// rendered compact from the start.
    private func jsonText(_ content: AnyContent, of source: SourceSnapshot, context: RenderContext) -> String {
        guard sources.count > 1 else { return environment.plugins.renderJSON(content, context: context) + "\n" }
        return LabelledJSON.lines(for: source, compactJSON: environment.plugins.renderJSON(content, context: context.compacted))
    }

    /// Prints the source's content if it differs from what was printed last; returns whether it
    /// did. `changed`: the load's verdict said its content changed since an earlier load, so
    /// text that does not differ hides the change, which is then said.
    @discardableResult
    private func present(_ source: SourceSnapshot, changed: Bool = false) -> Bool {
        guard let content = source.state.content else { return false }
        var context = environment.renderContext(for: source)
        var json = JSONOutputText(context: context)
        // A list whose items have ids is rendered with where its items start, to mark the new
        // ones, and narrower by the gutter the marks stand in.
        let marksItems = format == .text && NewItemMarks.apply(to: content, plugins: environment.plugins)
        if marksItems { context.width = max(context.width - NewItemMarks.gutter, 1) }
        let items = marksItems ? environment.plugins.renderItems(of: content, context: context) : nil
        let text = format != .text ? json.next(jsonText(content, of: source, context: context))
            : items?.text ?? environment.plugins.render(content, context: context)
        // Cut short by a signal: if the watch goes on, printed after it.
        if environment.cutShortBySignal({ [weak self, index = source.index] in if let self { present(sources[index], changed: changed) } }) {
            return false
        }
        guard text != shown[source.index] else {
            if changed { environment.diagnostics.say("\(source.name): \(ScreenModel.hiddenChange)") }
            return false
        }
        shown[source.index] = text
        // A stream's items that follow go under a header of their own.
        printedAnything.insert(source.index)
        switch format {
        case .json, .ndjson:
            environment.output.write(text)
        case .text:
            var body = text
            if let items {
                let keys = ItemIdentities.of(content, count: items.itemLines.count, plugins: environment.plugins).keys
                body = NewItemMarks.marked(items, new: shownKeys[source.index].map { NewItemMarks.new(keys, since: $0) } ?? [])
                shownKeys[source.index] = Set(keys)
            }
            let header = "==> \(source.name) at \(ClockTime.dateAndTime(ClockTime.now())) <=="
            let responseHead = head == .omitted ? "" : heads[source.index].flatMap(ResponseHeadText.of) ?? ""
            environment.output.write(environment.fitted(header) + "\n" + responseHead + (head == .alone ? "" : body))
        }
        // The empty state has no text under its header, or only `null`: say it, as a load once
        // does; with -I the head was what there was to show (a HEAD's body is empty).
        if head != .alone, let state = environment.plugins.emptyState(of: content) { environment.diagnostics.say("\(source.name): \(state)") }
        return true
    }
}
