public import Loader
internal import TerminalText

/// What `--jq` makes of each load: the results of a jq program, run by libjq on the JSON the
/// source served (or, for a feed or a web page, the JSON `--output json` shows), shown by loadrun's own views as jq users
/// expect: strings as raw lines (`jq -r`, `gh --jq`), an array of records as a table, anything
/// else as the JSON view, several results one after another (`JQResultsView`). It is in the
/// table only for a run whose sources filter, and takes nothing by itself: those sources name it.
public struct JQPlugin: ContentDecoder {
    public static let pluginName = "jq"
    public let name = JQPlugin.pluginName
    public let mediaTypes = ["application/json"]
    public let summary = "what --jq's program gives: strings as raw lines, records as a table, the rest as JSON"
    public let takes = "JSON, JSON Lines, feeds and web pages, filtered by --jq"
    private let program: JQProgram

    public init(program: JQProgram) { self.program = program }

    /// The results of one load, each shown by the view that suits it.
    public struct Results {
        public enum Result {
            /// A string: its text, as a raw line.
            case text(String)
            /// An array of objects.
            case table(Table)
            /// Any other value.
            case json(JSONDocument)
        }
        public var results: [Result]
        /// Each result as jq writes it with `-c`.
        public var compact: [String]
        /// What the program's `debug` said (`["DEBUG:",VALUE]`): said on stderr, made inert.
        public var debugMessages: [String] = []
        /// How many results of the same run were shown before these, as they came (see
        /// `decode(_:response:pieces:)`): these are then among several, whatever their count.
        public var precededBy = 0
        /// The fingerprint of all the run's results, shown before or not; nil for a piece.
        public var resultsFingerprint: UInt64?

        /// Whether these are the run's one result.
        var isSingle: Bool { results.count == 1 && precededBy == 0 }
    }

    /// Only sources that filter decode with it.
    public func offer(_ body: ResponseBody) -> Offer<Results> { .declined }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Results {
        try decode(body, response: response, streamingTo: nil)
    }

    /// The results go to `pieces` as the program gives them, from the second on (one result
    /// alone is shown as itself): the model returned holds those it did not take.
    public func decode(_ body: [UInt8], response: ResponseInfo, pieces: ContentPieces) throws(DecodeFailure) -> Results {
        try decode(body, response: response, streamingTo: pieces)
    }

    private func decode(_ body: [UInt8], response: ResponseInfo, streamingTo pieces: ContentPieces?) throws(DecodeFailure) -> Results {
        let json = try Self.json(of: body, response: response)
        var shown = 0
        let stream = pieces.map { pieces in
            JQProgram.ResultStream(isReady: pieces.isReady, take: { batch in
                defer { shown += batch.count }
                return pieces.take(AnyContent(Results(results: batch.map(Self.result), compact: batch, precededBy: shown), decoder: self))
            })
        }
        let run = program.run(json, streamingTo: stream)
        if run.failure != nil, run.stopped == nil, let pieces, !run.results.isEmpty {
            // As jq does: the results before the error go out, then the error is said.
            _ = pieces.take(AnyContent(Results(results: run.results.map(Self.result), compact: run.results, precededBy: run.streamed),
                                       decoder: self))
        }
        if let failure = run.failure {
            throw DecodeFailure("gave jq an error: \(failure)", suggestion: "check the --jq program against what the source serves",
                                offersOtherPlugins: false)
        }
        return Results(results: run.results.map(Self.result), compact: run.results, debugMessages: run.debugMessages,
                       precededBy: run.streamed, resultsFingerprint: run.fingerprint)
    }

    /// What `debug` said, to be said on stderr as the jq binary says it.
    public func notes(_ model: Results) -> [String] { model.debugMessages }

    /// The JSON a program runs on: the body when it is JSON or JSON Lines; a feed, or a web
    /// page, as `--output json` shows it (their plugins' own `renderJSON`, the one JSON form
    /// each has: its JSON Feed form; title, description, body and links); a body that opens
    /// as JSON whatever its type says (raw file hosts serve JSON as text/plain, and
    /// `curl | jq` never asks), for libjq to judge; a clear refusal for anything else.
    private static func json(of body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> [UInt8] {
        if JSONBody.mayBeJSON(body, response: response) { return body }
        let offered = ResponseBody(body, info: response)
        // In the plugin table's order: a feed served as text/html is still a feed.
        if case .taken(let feed) = FeedPlugin().offer(offered) {
            return Array(FeedPlugin().renderJSON(feed, context: RenderContext()).utf8)
        }
        // Only a page here: a JSON article was JSON above.
        switch ArticlesPlugin().offer(offered) {
        case .taken(let page): return Array(ArticlesPlugin().renderJSON(page, context: RenderContext()).utf8)
        case .failed(let failure): throw DecodeFailure(failure.reason, suggestion: "drop --jq for this source", offersOtherPlugins: false)
        case .declined: break
        }
        let first = body.first { !JSONBody.isJSONWhitespace($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return body }
        let type = response.mediaType ?? "content with no type"
        throw DecodeFailure("is \(type), not JSON: --jq runs on JSON, JSON Lines, feeds and web pages", suggestion: "drop --jq for this source",
                            offersOtherPlugins: false)
    }

    /// What a result is said to be, made once: a program may give a million.
    private static let resultInfo = ResponseInfo(url: "jq:", headers: HTTPHeaders([(name: "Content-Type", value: "application/json")]))

    /// A result, by what it is.
    private static func result(_ compact: String) -> Results.Result {
        // A string with no escape is its text between the quotes: no parse for the commonest
        // result (a title), of which a program may give a hundred thousand.
        var compact = compact
        let plain: String? = compact.withUTF8 { bytes in
            // By bytes: Character-wise slicing walked each title's graphemes (5% of a run).
            guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\""), !bytes.contains(UInt8(ascii: "\\")) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)]), as: UTF8.self)
        }
        if let plain { return .text(plain) }
        let bytes = Array(compact.utf8)
        let info = resultInfo
        guard let document = try? JSONBody.document(bytes, response: info) else { return .text(compact) }
        if case .string(let text) = document.json { return .text(text) }
        if case .array(let items) = document.json, !items.isEmpty, items.allSatisfy({ if case .object = $0 { true } else { false } }),
           let table = try? TablePlugin().decode(bytes, response: info) {
            return .table(table)
        }
        return .json(JSONDocument(document.json, isSequence: false))
    }

    /// A single result that is a list counts its items, as that list's own view does.
    public func itemCount(_ model: Results) -> Int? {
        guard model.isSingle else { return nil }
        switch model.results[0] {
        case .table(let table): return TablePlugin().itemCount(table)
        case .json(let document): return JSONPlugin().itemCount(document)
        case .text: return nil
        }
    }

    /// The results, not the body: a field the program drops may change and nothing has.
    public func fingerprint(_ model: Results) -> UInt64? { model.resultsFingerprint }

    /// The renderer of what any jq program makes.
    public static var renderer: AnyContentRenderer { AnyContentRenderer(JQResultsView()) }
}

/// jq's results as loadrun's views show them (see `JQPlugin`).
public struct JQResultsView: ContentRenderer {
    public init() {}

    public func render(_ model: JQPlugin.Results, context: RenderContext) -> String {
        RenderSink.collect { write(model, context: context, to: $0) }
    }

    public func write(_ model: JQPlugin.Results, context: RenderContext, to sink: RenderSink) {
        for result in model.results {
            if sink.isStopped { return }
            switch result {
            case .text(let text):
                // Raw, as jq -r prints it, and made safe: it came from the server.
                sink.writeLine(UntrustedText.forTerminal(text))
            case .table(let table):
                TablePlugin().write(table, context: context, to: sink)
            case .json(let document):
                JSONPlugin().write(document, context: context, to: sink)
            }
        }
    }

    /// A single result that is a list is laid out by its items, as that list's own view lays
    /// them out: a watch marks the new ones, and the full-screen view selects and opens them.
    public func renderItems(_ model: JQPlugin.Results, context: RenderContext) -> RenderedItems? {
        guard model.isSingle else { return nil }
        switch model.results[0] {
        case .table(let table): return TablePlugin().renderItems(table, context: context)
        case .json(let document): return JSONPlugin().renderItems(document, context: context)
        case .text: return nil
        }
    }

    public func itemFields(_ model: JQPlugin.Results, at index: Int) -> [String: String]? {
        guard model.isSingle else { return nil }
        switch model.results[0] {
        case .table(let table): return TablePlugin().itemFields(table, at: index)
        case .json(let document): return JSONPlugin().itemFields(document, at: index)
        case .text: return nil
        }
    }

    /// A program that gave nothing (`empty`, a `select` that held for none) says so, where
    /// the view would be.
    public func emptyState(_ model: JQPlugin.Results) -> String? {
        model.results.isEmpty && model.precededBy == 0 ? "the jq program gave no results" : nil
    }

    /// One result pretty-printed, as `--output json` prints a document; several one a line,
    /// as `jq -c` prints them.
    public func renderJSON(_ model: JQPlugin.Results, context: RenderContext) -> String {
        guard model.isSingle else { return model.compact.joined(separator: "\n") }
        switch model.results[0] {
        case .json(let document): return JSONPlugin().renderJSON(document, context: context)
        case .table(let table): return TablePlugin().renderJSON(table, context: context)
        case .text: return model.compact[0]
        }
    }
}
