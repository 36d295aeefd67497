import Loader

/// `--jq` on a live event stream: the program runs on each event as it comes, on the object
/// `--output json` prints for it (`{"id", "event", "data"}`, `data` parsed where it is JSON),
/// as `jq` runs on each of a stream of inputs. Where the run takes pieces, each event's
/// results are printed before the next event is read; where it keeps its content, the program
/// runs on the events kept once the stream ends.
extension JQPlugin {
    /// The tap on a stream whose events the program runs on.
    func eventTap(pieces: ContentPieces?) -> EventStreamTap {
        guard let pieces else { return EventStreamTap(handing: nil, window: EventStreamPlugin.window) }
        let counter = ShownCount()
        return EventStreamTap(handing: { event throws(DecodeFailure) in
            try handOver(event, to: pieces, shown: counter)
        }, isReady: pieces.isReady, window: EventStreamPlugin.window)
    }

    /// The program's results for what an event stream's tap kept, after those it handed over.
    func results(ofEvents tap: EventStreamTap) throws(DecodeFailure) -> Results {
        var results: [String] = []
        for event in try tap.finish().events {
            let run = program.run(Self.input(event))
            results += run.results
            if let failure = run.failure { throw Self.failure(failure) }
        }
        return Results(compact: results, precededBy: 0)
    }

    /// Runs the program on `event`, its results to `pieces` as they come; returns whether the
    /// taker wants more.
    private func handOver(_ event: StreamEvent, to pieces: ContentPieces, shown: ShownCount) throws(DecodeFailure) -> Bool {
        var wanted = true
        let stream = JQProgram.ResultStream(isReady: pieces.isReady, take: { batch in
            defer { shown.count += batch.count }
            wanted = pieces.take(AnyContent(Results(lines: batch, precededBy: shown.count), decoder: self))
            return wanted
        })
        let run = program.run(Self.input(event), streamingTo: stream)
        if wanted, !run.results.isEmpty {
            // As jq does: the results before an error go out, then the error is said.
            wanted = pieces.take(AnyContent(Results(compact: run.results, precededBy: shown.count), decoder: self))
            shown.count += run.results.count
        }
        if let failure = run.failure { throw Self.failure(failure) }
        return wanted
    }

    /// The event as the program's input: the object `--output json` prints.
    private static func input(_ event: StreamEvent) -> [UInt8] {
        Array(JSONWriter(context: RenderContext().compacted).write(event.json).utf8)
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
