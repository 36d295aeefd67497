public import Loader

/// A Server-Sent Events body read as it arrives (see `BodyTap.isLive`): each event an item,
/// handed over at once where the run takes pieces (a pipe prints it, or a jq program runs on
/// it first), and the last `window` kept for the content the load comes to rest with.
///
/// Bounded: the parser holds at most one event (`EventStreamPlugin.eventLimit`), the window at
/// most `window` events; nothing else of the body is kept.
public final class EventStreamTap: BodyTap {
    /// Hands an event over as it comes; returns whether more are wanted (false: the reader
    /// left), or throws what ends the stream (a jq program's error).
    typealias Handing = (StreamEvent) throws(DecodeFailure) -> Bool

    private var parser: EventStreamParser
    private let handing: Handing?
    /// Whether the taker of what is handed over can take more now (see `BodyTap.isReadyForMore`).
    private let isReady: () -> Bool
    private let window: Int
    private var kept = StreamEvents()
    /// Why the stream can be read no further, once it cannot.
    private(set) var failure: DecodeFailure?
    /// Whether the taker of pieces left (a closed stdout, a signal).
    private var takerLeft = false
    /// The server's reconnection time, once it gave one.
    private var retry: Duration?
    /// Events the connection now open brought (bytes alone, a `retry:` or a comment, are not
    /// enough: a server that sends only those and closes must not be reconnected for ever).
    private var connectionEvents = 0

    /// A tap that hands each event to `handing` as it comes (while `isReady`, the taker can
    /// take more), or keeps the last `window`.
    init(handing: Handing?, isReady: @escaping () -> Bool = { true }, window: Int) {
        self.handing = handing
        self.isReady = isReady
        self.window = window
        parser = EventStreamParser(limit: EventStreamPlugin.eventLimit)
    }

    public var isLive: Bool { true }
    public var wantsMore: Bool { failure == nil && !takerLeft }
    public var isReadyForMore: Bool { isReady() }

    public func take(_ chunk: UnsafeRawBufferPointer) {
        guard wantsMore else { return }
        let outputs: [EventStreamParser.Output]
        do {
            outputs = try parser.feed(chunk)
        } catch {
            failure = DecodeFailure("has an event larger than \(ByteCount.format(EventStreamPlugin.eventLimit)), which loadrun does not hold",
                                    suggestion: "the stream is cut off there; check that the server ends its events with a blank line",
                                    offersOtherPlugins: false)
            return
        }
        for output in outputs {
            switch output {
            case .event(let event):
                connectionEvents += 1
                take(StreamEvent(event))
                if takerLeft { return }
            case .retry(let milliseconds):
                retry = .milliseconds(milliseconds)
            }
        }
    }

    private func take(_ event: StreamEvent) {
        if let handing {
            do {
                takerLeft = try !handing(event)
            } catch {
                failure = error
            }
            kept.dropped += 1
            return
        }
        kept.events.append(event)
        if kept.events.count > window {
            // Dropped a window's worth at a time, so that keeping the last events costs no
            // shift of the whole window for each one that comes.
            let excess = kept.events.count - window
            if excess >= window / 4 + 1 || window < 4 {
                kept.events.removeFirst(excess)
                kept.dropped += excess
            }
        }
    }

    /// What the load comes to rest with: the events not handed over, at most the window.
    func finish() throws(DecodeFailure) -> StreamEvents {
        if let failure { throw failure }
        var rest = kept
        if rest.events.count > window {
            rest.dropped += rest.events.count - window
            rest.events.removeFirst(rest.events.count - window)
        }
        return rest
    }
}

extension EventStreamTap: ResumableStream {
    public var lastEventID: String { parser.lastEventID }
    public var reconnectionTime: Duration? { retry }

    public func connectionEnded() -> Bool {
        parser.connectionEnded()
        defer { connectionEvents = 0 }
        return connectionEvents > 0
    }
}
