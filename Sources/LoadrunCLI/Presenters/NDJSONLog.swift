import Loader
import Plugins

/// `--output ndjson`: one JSON line on stdout per state transition, and nothing else there:
/// no spinner and no skeleton, terminal or not, so no progress line interleaves with the
/// records.
final class NDJSONLog: Presenter {
    private(set) var environment: PresenterEnvironment!
    /// Each record says whether the load changed the content.
    var tellsChanges: Bool { true }

    /// Each source's name, by index, for the lines of its items.
    private var names: [String] = []

    func start(_ sources: [SourceSnapshot], boards: any StatusBoards, environment: PresenterEnvironment) {
        self.environment = environment
        names = sources.map(\.name)
    }

    /// A live stream's items go out as they come, each on a line of its own, labelled with
    /// its source and time as the transitions are, so several sources' may interleave.
    var printsPieces: Bool { true }
    var takesPiecesOnlyFromStreams: Bool { true }
    var labelsPieces: Bool { true }
    /// Each item of a live stream gets a line of its verdict, as a transition does.
    var logsItems: Bool { true }

    func itemArrived(_ source: SourceSnapshot, item: AnyContent, _ arrival: ItemArrival) {
        guard environment.ending == nil, !environment.output.isClosed else { return }
        // Its ID, as the list's items are told apart (`ItemIdentities`): an event's `id:`.
        let fields = environment.plugins.itemFields(of: item, at: 0) ?? [:]
        let id = ItemIdentities.idFields.lazy.compactMap { fields[$0] }.first
        environment.output.write(TransitionRecord(item: arrival, id: id, of: source.name, at: TransitionRecord.now()).line())
    }

    func piece(_ content: AnyContent, ofSource index: Int) {
        guard environment.ending == nil, !environment.signalWaiting, !environment.output.isClosed else { return }
        let json = environment.plugins.renderJSON(content, context: environment.renderContext(imageFormat: nil).compacted)
        let time = TransitionRecord.now()
        var lines = ""
        for item in json.split(separator: "\n", omittingEmptySubsequences: true) {
            lines += ItemRecord(item: String(item), source: names[index], time: time).line()
        }
        environment.output.write(lines)
    }

    func changed(_ source: SourceSnapshot, by change: StateChange, verdict: LoadVerdict?) {
        // A stream's first items say it streams; its items are lines of their own after that.
        if change.cause != .progressed, change.cause != .streamed || change.from.name != change.to.name {
            environment.output.write(TransitionRecord(change, at: TransitionRecord.now(), verdict: verdict).line())
        }
        // A run that loads once also says on stderr what failed, as its text output does; a
        // watch's failures are in the records, one cycle after another.
        guard environment.ending == nil, !environment.staysUp, case .failed(let error, _, let retry) = change.to else { return }
        if let retry {
            environment.diagnostics.say("\(source.name): \(LoadErrorText.describe(error, retry: retry))")
        } else if change.cause == .failed {
            environment.diagnostics.say("\(source.name): \(LoadErrorText.describe(error))")
        }
    }
}

/// `--output ndjson`: one line for an item of a live stream as it comes, beside the
/// transitions: `{"item": …, "source": …, "time": …}`, keys sorted as theirs are.
struct ItemRecord {
    /// The item as one compact JSON value (an event's object, a JSON Lines value, a `--jq`
    /// result).
    var item: String
    var source: String
    var time: String

    func line() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(48 + item.utf8.count + source.utf8.count)
        out.append(contentsOf: #"{"item":"#.utf8)
        out.append(contentsOf: item.utf8)
        out.append(contentsOf: #","source":"#.utf8)
        JSONWriter.quote(source, into: &out)
        out.append(contentsOf: #","time":"#.utf8)
        JSONWriter.quote(time, into: &out)
        out.append(contentsOf: "}\n".utf8)
        return String(decoding: out, as: UTF8.self)
    }
}
