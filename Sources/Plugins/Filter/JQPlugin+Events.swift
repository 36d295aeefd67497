import Loader

/// `--jq` on a live stream: the program runs on each item as it comes, as `jq` runs on each
/// of a stream of inputs: an event's object as `--output json` prints it (`{"id", "event",
/// "data"}`, `data` parsed where it is JSON), or a JSON Lines stream's value. Where the run
/// takes pieces, each item's results are printed before the next item is read; where it
/// keeps its content, the program runs on the items kept once the stream ends (while it
/// lasts, the items themselves show).
extension JQPlugin {
    /// The tap on a live stream (`ResponseInfo.isLiveStream`) whose items the program runs on.
    func liveTap(for response: ResponseInfo, pieces: ContentPieces?, items: StreamItems?) -> any BodyTap {
        if response.mediaType == EventStreamPlugin.mediaType {
            return EventStreamTap(handing: pieces.map { handing(Self.input, to: $0) }, isReady: pieces?.isReady ?? { true }, items: items)
        }
        return JSONLinesTap(handing: pieces.map { handing(Self.input, to: $0) }, isReady: pieces?.isReady ?? { true }, items: items)
    }

    /// The program's results for what a live stream's tap kept, after those it handed over;
    /// nil for a tap that is no live stream's.
    func results(ofLive tap: any BodyTap) throws(DecodeFailure) -> Results? {
        let inputs: [[UInt8]]
        if let events = tap as? EventStreamTap {
            inputs = EventStreamPlugin.events(try events.finish()).events.map(Self.input)
        } else if let lines = tap as? JSONLinesTap {
            inputs = JSONLinesPlugin.values(try lines.finish()).values.map(Self.input)
        } else {
            return nil
        }
        var results: [String] = []
        var debugMessages: [String] = []
        for input in inputs {
            let run = program.run(input)
            results += run.results
            debugMessages += run.debugMessages
            if let failure = run.failure { throw Self.failure(failure) }
        }
        return Results(compact: results, debugMessages: debugMessages, precededBy: 0)
    }

    /// Runs the program on each item's `input`, its results to `pieces` as they come.
    private func handing<Item>(_ input: @escaping (Item) -> [UInt8], to pieces: ContentPieces) -> (Item) throws(DecodeFailure) -> Bool {
        let shown = ShownCount()
        return { item throws(DecodeFailure) in try handOver(input(item), to: pieces, shown: shown) }
    }

    /// Runs the program on `input`, its results to `pieces` as they come; returns whether the
    /// taker wants more.
    private func handOver(_ input: [UInt8], to pieces: ContentPieces, shown: ShownCount) throws(DecodeFailure) -> Bool {
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
