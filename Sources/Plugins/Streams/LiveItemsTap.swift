import Loader

/// A live stream's body read as it arrives (see `BodyTap.isLive`), by its `Reader`, into
/// items: each told to the run first (`ItemHandoff.arrived`: a wait's condition, `--max-items`),
/// then handed over at once where the run takes pieces (a pipe prints it, or a jq program
/// runs on it first), or kept in a window that is the content the stream shows, and comes
/// to rest with.
///
/// Bounded: the reader holds at most one record; the window (`LiveWindow`) its count and
/// bytes; and items a chunk brought while the taker cannot take more wait with the rest of
/// the body, unread.
final class LiveItemsTap<Reader: LiveItemReader>: BodyTap {
    /// Hands an item over as it comes; returns whether more are wanted (false: the reader
    /// left), or throws what ends the stream (a jq program's error).
    typealias Handing = (Reader.Item) throws(DecodeFailure) -> Bool

    var reader = Reader()
    private let handing: Handing?
    /// Whether the taker of what is handed over can take more now (see `BodyTap.isReadyForMore`).
    private let isReady: () -> Bool
    /// Where each item is told first (`ItemHandoff.arrived`), and whether the last are kept.
    private let handoff: ItemHandoff?
    /// What keeps what was made of the items handed over, and shows in their place (see
    /// `LiveItemsKeeper`); nil where they went out as pieces.
    let keeper: (any LiveItemsKeeper)?
    private var window: LiveWindow<Reader.Item>
    /// The last 100 items (and as many bytes as the window), whether handed over or kept:
    /// what the history keeps of the stream.
    private var recent = LiveWindow<Reader.Item>(limit: 100, byteLimit: EventStreamPlugin.windowBytes)
    /// Items handed over, which the content it comes to rest with counts as gone before it.
    private var handedOver = 0
    /// What the last chunk brought that waits for the taker to take more.
    private var held: ArraySlice<Reader.Output> = []
    /// Why the stream is read no further once `held` is handed over (a record past the bound).
    private var cutOff: DecodeFailure?
    /// Why the stream can be read no further, once it cannot.
    private(set) var failure: DecodeFailure?
    /// Whether the taker of pieces left (a closed stdout, a signal).
    private var takerLeft = false
    /// Whether the run has what it asked for (`ItemHandoff.Arrival`): the stream is whole.
    private var satisfied = false
    /// Items the connection now open brought (bytes alone, a `retry:` or a comment, are not
    /// enough: a server that sends only those and closes must not be reconnected for ever).
    var connectionItems = 0
    private(set) var itemCount = 0
    private(set) var itemsFingerprint = ContentFingerprint.of([])

    /// A tap that tells `handoff` of each item, then hands it to `handing` as it comes (while
    /// the handoff `isReady`, the taker can take more), or keeps the last `window` (and
    /// `windowBytes`).
    init(handing: Handing?, handoff: ItemHandoff? = nil, keeper: (any LiveItemsKeeper)? = nil,
         window: Int = EventStreamPlugin.window, windowBytes: Int = EventStreamPlugin.windowBytes) {
        self.handing = handing
        isReady = handoff?.isReady ?? { true }
        self.handoff = handoff
        self.keeper = keeper
        self.window = LiveWindow(limit: window, byteLimit: windowBytes)
    }

    var isLive: Bool { true }
    var wantsMore: Bool { failure == nil && !takerLeft && !satisfied }

    /// Hands over what waits while the taker takes it; ready once nothing waits.
    var isReadyForMore: Bool { readyForMore() }

    @_specialize(where Reader == EventStreamReader)
    @_specialize(where Reader == JSONLinesReader)
    private func readyForMore() -> Bool {
        handOverHeld()
        return held.isEmpty && isReady()
    }

    // Specialised for the two readers: called through `BodyTap`, the generic body ran
    // unspecialised, each item paying for metadata lookups and witness calls.
    @_specialize(where Reader == EventStreamReader)
    @_specialize(where Reader == JSONLinesReader)
    func take(_ chunk: UnsafeRawBufferPointer) {
        guard wantsMore else { return }
        hold(reader.feed(chunk))
        handOverHeld()
    }

    /// Holds what the reader read, and why it can read no further, for after it.
    private func hold(_ read: (outputs: [Reader.Output], failure: DecodeFailure?)) {
        held += read.outputs
        if cutOff == nil { cutOff = read.failure }
    }

    /// Hands over the items that wait, one at a time while the taker can take more; the
    /// rest wait for it (`isReadyForMore` asks again), as the rest of the body does.
    private func handOverHeld(whatever: Bool = false) {
        while let output = held.first, wantsMore, whatever || handing == nil || isReady() {
            held.removeFirst()
            guard let (item, size, fingerprint) = reader.take(output) else { continue }
            connectionItems += 1
            itemsFingerprint = ContentFingerprint.combining(itemsFingerprint, fingerprint)
            take(item, size: size)
        }
        if !wantsMore { held = [] }
        if held.isEmpty, let cutOff, failure == nil {
            failure = cutOff
            self.cutOff = nil
        }
    }

    private func take(_ item: Reader.Item, size: Int) {
        switch handoff?.arrived?({ Reader.content([item], dropped: 0, endedMidRecord: false) }) ?? .take {
        case .take:
            break
        case .takeAndEnd:
            satisfied = true
        case .endWithout:
            // What the run waited for: the stream's end mark (`[DONE]`), not content.
            satisfied = true
            return
        }
        itemCount += 1
        if handoff?.keepsRecent == true { recent.keep(item, size: size) }
        guard let handing else { return window.keep(item, size: size) }
        do {
            if try !handing(item) { takerLeft = true }
        } catch {
            failure = error
        }
        handedOver += 1
    }

    /// The items kept now, when more came since last asked (or what its keeper made of them);
    /// nil where they are handed over.
    func contentSoFar() -> AnyContent? {
        if let keeper { return keeper.contentSoFar() }
        guard window.grew else { return nil }
        let now = window.taken()
        return Reader.content(now.items, dropped: now.dropped + handedOver, endedMidRecord: false)
    }

    /// The last items as the stream sends them, for the history; nil before any came.
    func recentRecords() -> [UInt8]? {
        let items = recent.current.items
        return items.isEmpty ? nil : Reader.records(items)
    }

    /// What the load comes to rest with, the body having ended whole: the items not handed
    /// over, at most the window, or why the stream could not be read.
    func finish() throws(DecodeFailure) -> AnyContent {
        // Only a stream that ended by itself ended mid-record: one the run ended did not.
        let endedMidRecord = wantsMore && reader.isMidRecord
        if wantsMore, cutOff == nil { hold(reader.end()) }
        handOverHeld(whatever: true)
        if let failure { throw failure }
        if let keeper { return keeper.content() }
        let now = window.current
        return Reader.content(now.items, dropped: now.dropped + handedOver, endedMidRecord: endedMidRecord)
    }
}
