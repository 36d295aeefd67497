import Loader

/// `--jq` on a live stream: the program runs on each item as it comes, as `jq` runs on each
/// of a stream of inputs: an event's object as `--output json` prints it (`{"id", "event",
/// "data"}`, `data` parsed where it is JSON), or a JSON Lines stream's value. Where the run
/// takes pieces, each item's results are printed before the next item is read; where it
/// keeps its content (the full-screen view, several sources on a pipe, a detail), the last
/// results are kept, and are what the stream shows while it lasts and comes to rest with
/// (`KeptResults`).
extension JQPlugin {
    /// The tap on a live stream (`ResponseInfo.isLiveStream`) whose items the program runs on.
    func liveTap(for response: ResponseInfo, handingTo handoff: ItemHandoff?) -> any BodyTap {
        let pieces = Self.pieces(of: handoff)
        let kept = pieces == nil ? KeptResults(decoder: self) : nil
        if response.mediaType == EventStreamPlugin.mediaType {
            return EventStreamTap(handing: handing(Self.input, to: pieces, keeping: kept), handoff: handoff, keeper: kept)
        }
        return JSONLinesTap(handing: handing(Self.input, to: pieces, keeping: kept), handoff: handoff, keeper: kept)
    }

    /// The program's results for a live stream's tap: those it kept, or none beside those it
    /// handed over; nil for a tap that is no live stream's.
    func results(ofLive tap: any BodyTap) throws(DecodeFailure) -> Results? {
        let keeper: (any LiveItemsKeeper)?
        if let events = tap as? EventStreamTap {
            _ = try events.finish()
            keeper = events.keeper
        } else if let lines = tap as? JSONLinesTap {
            _ = try lines.finish()
            keeper = lines.keeper
        } else {
            return nil
        }
        return (keeper as? KeptResults)?.results ?? Results(compact: [], precededBy: 0)
    }

    /// Runs the program on each item's `input`: its results to `pieces` as they come, or kept
    /// in `kept`.
    private func handing<Item>(_ input: @escaping (Item) -> [UInt8], to pieces: ShownPieces?,
                               keeping kept: KeptResults?) -> (Item) throws(DecodeFailure) -> Bool {
        guard let pieces else {
            return { [program] item throws(DecodeFailure) in
                let run = program.run(input(item))
                kept?.keep(run)
                if let failure = run.failure { throw Self.failure(failure) }
                return true
            }
        }
        return handing(input, to: pieces)
    }

    /// Runs the program on each item's `input`, its results to `pieces` as they come.
    private func handing<Item>(_ input: @escaping (Item) -> [UInt8], to pieces: ShownPieces) -> (Item) throws(DecodeFailure) -> Bool {
        let shown = ShownCount()
        return { item throws(DecodeFailure) in try handOver(input(item), to: pieces, shown: shown) }
    }

    /// Runs the program on `input`, its results to `pieces` as they come; returns whether the
    /// taker wants more.
    private func handOver(_ input: [UInt8], to pieces: ShownPieces, shown: ShownCount) throws(DecodeFailure) -> Bool {
        var wanted = true
        let stream = JQProgram.ResultStream(isReady: pieces.isReady, take: { batch in
            defer { shown.count += batch.count }
            wanted = pieces.take(AnyContent(Results(lines: batch, precededBy: shown.count), decoder: self))
            return wanted
        })
        let run = program.run(input, streamingTo: stream)
        // What `debug` and `stderr` said of this item go with its last results (alone, when
        // they all went out as they came).
        if wanted, !run.results.isEmpty || !run.debugMessages.isEmpty {
            // As jq does: the results before an error go out, then the error is said.
            wanted = pieces.take(AnyContent(Results(compact: run.results, debugMessages: run.debugMessages, precededBy: shown.count), decoder: self))
            shown.count += run.results.count
        }
        if let failure = run.failure { throw Self.failure(failure) }
        return wanted
    }

    /// The event as the program's input: the object `--output json` prints.
    private static func input(_ event: StreamEvent) -> [UInt8] {
        Array(JSONWriter(context: RenderContext().compacted).write(event.json).utf8)
    }

    /// A JSON Lines value as the program's input.
    private static func input(_ value: JSON) -> [UInt8] {
        Array(JSONWriter(context: RenderContext().compacted).write(value).utf8)
    }

    static func failure(_ message: String) -> DecodeFailure {
        DecodeFailure("gave jq an error: \(message)", suggestion: "check the --jq program against what the source serves",
                      offersOtherPlugins: false)
    }
}

/// How many results of a stream went out so far, counted from 1: a stream's results are
/// among several from the first, each printed as `jq -c` prints it, a line each.
private final class ShownCount {
    var count = 1
}

/// A stream's last results, where the program's results are kept rather than handed over (see
/// `LiveItemsKeeper`): bounded as the stream's window is, and what `debug` said of the last
/// items.
final class KeptResults: LiveItemsKeeper {
    private let decoder: JQPlugin
    private var window = LiveWindow<String>(limit: EventStreamPlugin.window, byteLimit: EventStreamPlugin.windowBytes)
    private var debugMessages = LiveWindow<String>(limit: 100, byteLimit: 64 << 10)

    init(decoder: JQPlugin) {
        self.decoder = decoder
    }

    /// Keeps one item's run: its results, and what it said.
    func keep(_ run: JQProgram.Run) {
        for result in run.results { window.keep(result, size: LiveWindow<String>.heldSize(ofText: result.utf8.count)) }
        for message in run.debugMessages { debugMessages.keep(message, size: message.utf8.count) }
    }

    /// The results kept, after those let go.
    var results: JQPlugin.Results {
        let now = window.current
        return JQPlugin.Results(compact: now.items, debugMessages: debugMessages.current.items, precededBy: now.dropped)
    }

    func contentSoFar() -> AnyContent? {
        guard window.grew else { return nil }
        _ = window.taken()
        return content()
    }

    func content() -> AnyContent { AnyContent(results, decoder: decoder) }
}
