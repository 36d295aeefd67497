/// What a loader knows of the request in flight (`FetchInFlight`), as the rest of the loader
/// reads and writes it.
extension SourceLoader {
    var fetchStarted: ContinuousClock.Instant { flight.started }
    var pagePlugin: String? { flight.pagePlugin }
    var requested: (url: String, options: FetchOptions)? { flight.requested }
    var handedOverPieces: Bool {
        get { flight.handedOverPieces }
        set { flight.handedOverPieces = newValue }
    }
    var tapped: (request: Int, tap: any BodyTap, decoder: AnyContentDecoder)? {
        get { flight.tapped }
        set { flight.tapped = newValue }
    }
    var streamed: StreamSoFar {
        get { flight.stream }
        _modify { yield &flight.stream }
    }
}

/// What a loader knows of the request in flight, or the last it made: each `.fetch` starts
/// it anew.
struct FetchInFlight {
    /// What it asked for: where, and with what options; nil before the first.
    var requested: (url: String, options: FetchOptions)?
    /// The plugin of the pages before it, when it is a later page.
    var pagePlugin: String?
    /// When it started: its deadline bounds its decoding too.
    var started = ContinuousClock.now
    /// Whether it (a live stream, as it came) or its decode handed a piece over: its failure
    /// is then final.
    var handedOverPieces = false
    /// The tap a plugin opened on the body of its response (see `BodyTap`), and that plugin,
    /// until that response is decoded with it, or not (its work is then dropped with it).
    var tapped: (request: Int, tap: any BodyTap, decoder: AnyContentDecoder)?
    /// What the loader knows of the live stream it is.
    var stream = StreamSoFar()
}

