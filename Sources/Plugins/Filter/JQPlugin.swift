#if canImport(Glibc)
import Glibc
#endif
public import Loader

/// What `--jq` makes of each load: the results of a jq program, run by libjq on the JSON the
/// source served (or, for a feed or a web page, the JSON `--output json` shows), shown by loadrun's own views as jq users
/// expect: strings as raw lines (`jq -r`, `gh --jq`), an array of records as a table, anything
/// else as the JSON view, several results one after another (`JQResultsView`). It is in the
/// table only for a run whose sources filter, and takes nothing by itself: those sources name it.
public struct JQPlugin: BodyTappingDecoder {
    public static let pluginName = "jq"
    public let name = JQPlugin.pluginName
    public let mediaTypes = ["application/json"]
    public let summary = "what --jq's program gives: strings as raw lines, records as a table, the rest as JSON"
    public let takes = "JSON, JSON Lines, feeds and web pages, filtered by --jq"
    let program: JQProgram
    /// What the program reads in place of the body, when it reads less than the body: a
    /// body's JSON with some of its items left out (`--unread`), nil to read the body as is.
    public typealias Input = ([UInt8], ResponseInfo) -> [UInt8]?
    private var input: Input?

    public init(program: JQProgram) { self.program = program }

    /// This program, reading what `input` makes of each body (read whole, then: the input
    /// is made of all of it).
    public func reading(_ input: @escaping Input) -> JQPlugin {
        var plugin = self
        plugin.input = input
        return plugin
    }

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
        /// How the results are held: each decoded, for what a load comes to rest with (views
        /// lay it out, a watch compares it, the full-screen view opens its items); or as the
        /// lines they came in, for a piece, printed once as it comes (`JQResultsView` writes
        /// its strings straight from the bytes: no string or model per result).
        private enum Form {
            case decoded([Result], compact: [String])
            case lines(JQResultLines)
        }

        private var form: Form
        /// What the program's `debug` said (`["DEBUG:",VALUE]`): said on stderr, made inert.
        public var debugMessages: [String] = []
        /// How many results of the same run were shown before these, as they came (see
        /// `decode(_:response:pieces:)`): these are then among several, whatever their count.
        public var precededBy = 0
        /// The fingerprint of all the run's results, shown before or not; nil for a piece.
        public var resultsFingerprint: UInt64?

        /// The results of `compact`, each as jq writes it with `-c`.
        init(compact: [String], debugMessages: [String] = [], precededBy: Int, resultsFingerprint: UInt64? = nil) {
            form = .decoded(compact.map(JQPlugin.result), compact: compact)
            self.debugMessages = debugMessages
            self.precededBy = precededBy
            self.resultsFingerprint = resultsFingerprint
        }

        /// A piece: the results in `lines`, after `precededBy` others of the same run.
        init(lines: JQResultLines, precededBy: Int) {
            form = .lines(lines)
            self.precededBy = precededBy
        }

        /// The results, each by what it is.
        public var results: [Result] {
            switch form {
            case .decoded(let results, _): results
            case .lines(let lines): lines.strings.map(JQPlugin.result)
            }
        }

        /// Each result as jq writes it with `-c`.
        public var compact: [String] {
            switch form {
            case .decoded(_, let compact): compact
            case .lines(let lines): lines.strings
            }
        }

        /// How many results.
        public var count: Int {
            switch form {
            case .decoded(let results, _): results.count
            case .lines(let lines): lines.count
            }
        }

        /// The results as lines of compact JSON, when they are held so.
        var lines: JQResultLines? {
            if case .lines(let lines) = form { lines } else { nil }
        }

        /// Whether these are the run's one result.
        var isSingle: Bool { count == 1 && precededBy == 0 }
    }

    /// Only sources that filter decode with it.
    public func offer(_ body: ResponseBody) -> Offer<Results> { .declined }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Results {
        try decode(body, response: response, streamingTo: nil)
    }

    /// The results go to `handoff.shown` as the program gives them, from the second on (one
    /// result alone is shown as itself): the model returned holds those it did not take.
    public func decode(_ body: [UInt8], response: ResponseInfo, handingTo handoff: ItemHandoff) throws(DecodeFailure) -> Results {
        try decode(body, response: response, streamingTo: Self.pieces(of: handoff))
    }

    /// Where results go as they are made: a handoff's `shown`, taken while it `isReady`.
    typealias ShownPieces = (isReady: () -> Bool, take: (AnyContent) -> Bool)

    /// `handoff`'s pieces, where it shows content as it comes.
    static func pieces(of handoff: ItemHandoff?) -> ShownPieces? {
        handoff.flatMap { handoff in handoff.shown.map { (isReady: handoff.isReady, take: $0) } }
    }

    /// A run that parses a JSON body as it arrives, the program's own way (see
    /// `JQProgram.FedRun`); a body of any other type waits to be read whole (a feed or a page
    /// becomes JSON only then).
    public func tap(for response: ResponseInfo, handingTo handoff: ItemHandoff?) -> (any BodyTap)? {
        // A live stream's items, each the program's input (`JQPlugin+Events`).
        if response.isLiveStream { return liveTap(for: response, handingTo: handoff) }
        guard MediaType.isJSON(response.mediaType), input == nil else { return nil }
        return program.start(streams: handoff?.shown != nil)
    }

    /// The results of the run that parsed `body` as it arrived; a tap that is not such a run
    /// of this program, for these pieces, is dropped, and the body is run whole.
    public func decode(_ body: [UInt8], response: ResponseInfo, handingTo handoff: ItemHandoff?, tapped tap: any BodyTap) throws(DecodeFailure) -> Results {
        if let results = try results(ofLive: tap) { return results }
        let pieces = Self.pieces(of: handoff)
        guard let fed = tap as? JQProgram.FedRun, fed.program === program, fed.streams == (pieces != nil) else {
            return try decode(body, response: response, streamingTo: pieces)
        }
        return try results(streamingTo: pieces) { stream in program.finish(fed, streamingTo: stream) }
    }

    private func decode(_ body: [UInt8], response: ResponseInfo, streamingTo pieces: ShownPieces?) throws(DecodeFailure) -> Results {
        let json: [UInt8]
        if let read = input?(body, response) { json = read } else { json = try Self.json(of: body, response: response) }
        return try results(streamingTo: pieces) { stream in program.run(json, streamingTo: stream) }
    }

    /// The results of one run, made by `run` with the stream it is given: those after the
    /// first go to `pieces` as they come, where there are pieces.
    private func results(streamingTo pieces: ShownPieces?, of run: (JQProgram.ResultStream?) -> JQProgram.Run) throws(DecodeFailure) -> Results {
        var shown = 0
        let stream = pieces.map { pieces in
            JQProgram.ResultStream(isReady: pieces.isReady, take: { batch in
                defer { shown += batch.count }
                return pieces.take(AnyContent(Results(lines: batch, precededBy: shown), decoder: self))
            })
        }
        let run = run(stream)
        if run.failure != nil, run.stopped == nil, let pieces, !run.results.isEmpty {
            // As jq does: the results before the error go out, then the error is said.
            _ = pieces.take(AnyContent(Results(compact: run.results, precededBy: run.streamed), decoder: self))
        }
        if let failure = run.failure { throw Self.failure(failure) }
        return Results(compact: run.results, debugMessages: run.debugMessages, precededBy: run.streamed,
                       resultsFingerprint: run.fingerprint)
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
        // Any JSON text, as jq reads one: `42`, `"text"`, `true`, and JSON Lines of them.
        if let first = body.first(where: { !JSONBody.isJSONWhitespace($0) }), Self.startsJSONValue(first) { return body }
        let type = response.mediaType ?? "content with no type"
        throw DecodeFailure("is \(type), not JSON: --jq runs on JSON, JSON Lines, feeds and web pages", suggestion: "drop --jq for this source",
                            offersOtherPlugins: false)
    }

    /// Whether `byte` can begin a JSON value: an object, an array, a string, a number,
    /// `true`, `false` or `null`.
    private static func startsJSONValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): true
        default: false
        }
    }

    /// What a result is said to be, made once: a program may give a million.
    private static let resultInfo = ResponseInfo(url: "jq:", headers: HTTPHeaders([(name: "Content-Type", value: "application/json")]))

    /// The text of the string whose compact JSON is `json`, as UTF-8, when it has no escape:
    /// the bytes between its quotes. nil for any other result.
    static func plainString(_ json: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard json.count >= 2, json[0] == UInt8(ascii: "\""), let base = json.baseAddress,
              memchr(base, Int32(UInt8(ascii: "\\")), json.count) == nil else { return nil }
        return UnsafeRawBufferPointer(rebasing: json[1..<(json.count - 1)])
    }

    /// A result, by what it is.
    static func result(_ compact: String) -> Results.Result {
        // A string with no escape is its text between the quotes: no parse for the commonest
        // result (a title), of which a program may give a hundred thousand.
        var compact = compact
        let plain: String? = compact.withUTF8 { bytes in
            plainString(UnsafeRawBufferPointer(bytes)).map { String(decoding: $0, as: UTF8.self) }
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
