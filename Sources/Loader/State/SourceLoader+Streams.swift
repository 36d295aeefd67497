/// How a loader carries out a live stream's reconnections, which its machine decides (see
/// `SourceMachine+Streams`): the same tap takes each connection's body, so that what it
/// printed is not printed again.
extension SourceLoader {
    /// The HTTP status of the live stream in flight, once its head is in.
    public var streamStatus: Int? { streamed.head?.status }

    /// Bytes came: for a live stream that brought items since, its content grew (`streaming`).
    func progressed(_ progress: LoadProgress) {
        guard let tap = tapped?.tap, tap.isLive else { return send(.progress(progress)) }
        var progress = progress
        progress.receivedBytes += streamed.bytesBefore
        streamed.bytes = progress.receivedBytes
        guard tap.itemCount > 0 else { return send(.progress(progress)) }
        progress.items = tap.itemCount
        progress.lastItem = streamed.last
        guard tap.itemCount != streamed.published else { return send(.progress(progress)) }
        // When the last item came, to a chunk's time: no clock is read for each of a flood's.
        streamed.last = .now
        progress.lastItem = streamed.last
        streamed.published = tap.itemCount
        send(.streamed(progress, content: tap.contentSoFar()))
    }

    /// The end of one connection of a live stream, for its machine, which opens it again
    /// (`.reconnect`) or ends the load with it (`.settleStream`).
    func connectionEnd(_ result: Result<HTTPResponse, LoadError>, tap: any BodyTap, request: Int) -> Machine.ConnectionEnd {
        let isStream = if case .success(let response) = result { Self.isStream(response.info, readBy: tap) } else { false }
        // Opened again only as EventSource does, by GET (a POST's stream, an LLM's answer,
        // would be asked for anew), and not when its tap is done with it (a program's error,
        // a reader that left).
        let stream = (tap as? any ResumableStream).flatMap { $0.wantsMore && requested?.options.method == "GET" ? $0 : nil }
        return Machine.ConnectionEnd(request: request, result: result, isStream: isStream, resumes: stream != nil,
                                     broughtEvents: stream?.connectionEnded() ?? false, reconnectionTime: stream?.reconnectionTime,
                                     lastEventID: stream?.lastEventID ?? "", itemsWentOut: handedOverPieces)
    }

    /// Opens the live stream in flight again after `delay`, as its machine decided; the wait
    /// is the fetch in flight meanwhile, which a cancel ends at once.
    func reconnect(after delay: Duration, lastEventID: String) {
        guard let tapped, let stream = tapped.tap as? any ResumableStream, let requested else { return }
        fetch = PendingReconnect(loop: loop, after: delay, loader: self, request: tapped.request) { [weak self] in
            self?.reconnect(stream, url: requested.url, options: requested.options, lastEventID: lastEventID, request: tapped.request)
        }
    }

    /// Whether `info` answers as the stream `tap` reads: an event stream, which resumes, only
    /// as one again.
    private static func isStream(_ info: ResponseInfo, readBy tap: any BodyTap) -> Bool {
        tap is any ResumableStream ? info.mediaType == MediaType.eventStream : info.isLiveStream
    }

    /// Opens the stream again where it left off: the same URL and options, asking for what
    /// came after its last event, its body to the same tap; a response that is not the stream
    /// (a 204, another type) is read whole and ends it.
    private func reconnect(_ stream: any ResumableStream, url: String, options: FetchOptions, lastEventID: String, request: Int) {
        streamed.bytesBefore = streamed.bytes
        var options = options
        options.validators = nil
        options.usesCache = false
        options.headers.removeAll { $0.name.lowercased() == "last-event-id" }
        if !lastEventID.isEmpty { options.headers.append(RequestHeader(name: "Last-Event-ID", value: lastEventID)) }
        fetch = fetcher.fetch(url, options: options, progress: { [weak self] progress in
            self?.progressed(progress)
        }, tap: { info in
            // As EventSource takes a reconnection: a 200 of the stream's type.
            info.status == 200 && Self.isStream(info, readBy: stream) ? stream : nil
        }, completion: { [weak self] result in
            self?.fetched(result, request: request)
        })
    }
}

/// The wait before a stream's next connection, as the loader's fetch in flight: a cancel
/// ends it at once, as a cancel ends a fetch.
private final class PendingReconnect: FetchHandle {
    private let loop: EventLoop
    private var timer: LoopDeadlines.Token?
    private weak var loader: SourceLoader?
    private let request: Int

    init(loop: EventLoop, after delay: Duration, loader: SourceLoader, request: Int, _ body: @escaping () -> Void) {
        self.loop = loop
        self.loader = loader
        self.request = request
        timer = loop.deadlines.schedule(after: delay) { [weak self] in
            self?.timer = nil
            body()
        }
    }

    func cancel() {
        guard let timer else { return }
        loop.deadlines.cancel(timer)
        self.timer = nil
        loop.schedule { [weak loader, request] in loader?.fetched(.failure(.cancelled), request: request) }
    }
}

/// What a loader knows of the live stream in flight.
struct StreamSoFar {
    /// The items told so far (`ItemHandoff.arrived`), over every connection.
    var told = 0
    /// When the last came, to a chunk's time.
    var last: ContinuousClock.Instant?
    /// How many there were as last published.
    var published = 0
    /// The bytes as last reported, over every connection, and those of the connections
    /// before the one open.
    var bytes = 0
    var bytesBefore = 0
    /// The head of its response, for the change that says it streams.
    var head: ResponseInfo?
    /// Where an observer ended it (`endStream`), once one did.
    var ending: StreamEnding?
}
