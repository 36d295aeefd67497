/// How the source machine answers the end of a live stream's connection: opened again, as the
/// HTML standard's `EventSource` is (see `StreamReconnection`), or the load ends with it. The
/// load stays under way across reconnections, as one fetch, and each is published
/// (`.reconnecting`), so that a run can say it happened.
extension SourceMachine {
    /// How one connection of the live stream from the last `.fetch` ended, with what its
    /// reader knows of it.
    public struct ConnectionEnd {
        /// The request it ends (`Request.id`).
        public var request: Int
        /// The connection's response, or why it failed.
        public var result: Result<HTTPResponse, LoadError>
        /// Whether the response answered as the stream its reader reads (an event stream, a
        /// reconnection answered with an error page is not).
        public var isStream: Bool
        /// Whether the stream may be opened again: its reader resumes (Server-Sent Events),
        /// still wants more, and it was asked for with GET (EventSource sends only GETs; a
        /// POST's stream, an LLM's answer, would be asked for anew).
        public var resumes: Bool
        /// Whether the connection brought any event.
        public var broughtEvents: Bool
        /// The server's reconnection time, once it gave one (`retry:`).
        public var reconnectionTime: Duration?
        /// The ID to resume from; empty while the server gave none.
        public var lastEventID: String
        /// Whether items of the load went out already: a failure that ends it is final (another
        /// attempt would print them again).
        public var itemsWentOut: Bool

        public init(request: Int, result: Result<HTTPResponse, LoadError>, isStream: Bool, resumes: Bool, broughtEvents: Bool,
                    reconnectionTime: Duration? = nil, lastEventID: String = "", itemsWentOut: Bool = false) {
            self.request = request
            self.result = result
            self.isStream = isStream
            self.resumes = resumes
            self.broughtEvents = broughtEvents
            self.reconnectionTime = reconnectionTime
            self.lastEventID = lastEventID
            self.itemsWentOut = itemsWentOut
        }
    }

    /// A reconnection the machine decided, as its change tells it.
    public struct Reconnection: Equatable, Sendable {
        /// The wait before the connection is opened again.
        public var delay: Duration
        /// The event ID the server is told it sent last; empty when it gave none, so that
        /// what it sends again may repeat events already shown.
        public var lastEventID: String
        /// Reconnections of this load so far, this one counted.
        public var count: Int
        /// Why the connection ended: nil when its response ended, as a stream may.
        public var cause: LoadError?

        public init(delay: Duration, lastEventID: String, count: Int, cause: LoadError? = nil) {
            self.delay = delay
            self.lastEventID = lastEventID
            self.count = count
            self.cause = cause
        }
    }

    /// What the machine makes of a connection's end: a reconnection, or the end of the load
    /// with the connection's result (or the failure made of it).
    enum StreamAnswer {
        case reconnect(Reconnection)
        case end(Result<HTTPResponse, LoadError>)
    }

    /// The answer to a connection's end; `callingOff`: the load in flight was called off, and
    /// is not opened again.
    mutating func answer(to end: ConnectionEnd, callingOff: Bool) -> StreamAnswer {
        let how: StreamReconnection.ConnectionEnd = switch end.result {
        case .success(let response): .ended(status: response.info.status, isStream: end.isStream)
        case .failure(let error): .failed(error)
        }
        if end.resumes, !callingOff,
           case .reconnect(let delay) = reconnection.decide(how, broughtEvents: end.broughtEvents, reconnectionTime: end.reconnectionTime) {
            let error = if case .failure(let error) = end.result { error } else { LoadError?.none }
            return .reconnect(Reconnection(delay: delay, lastEventID: end.lastEventID, count: reconnection.made, cause: error))
        }
        switch end.result {
        case .success(let response) where response.info.status != 204 && !end.isStream:
            // What answered is no longer the stream (an error page, say): said, not shown.
            let type = response.info.mediaType ?? "an untyped body"
            let error = LoadError(.unsupported, "\(URLParts.origin(of: response.info.url)) answered the stream's reconnection with \(type), not an event stream")
            return .end(.failure(final(error, end)))
        case .success:
            return .end(end.result)
        case .failure(let error):
            return .end(.failure(final(error, end)))
        }
    }

    private func final(_ error: LoadError, _ end: ConnectionEnd) -> LoadError {
        var error = error
        if end.itemsWentOut { error.isFinal = true }
        return error
    }
}
