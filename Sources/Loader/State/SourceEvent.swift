/// What a source's loader publishes: its one way out (`SourceLoader.observe`). A change of
/// its state, as its machine decided it, or items of its content that came before the load
/// comes to rest. Observers only receive; what they want done next they ask of the loader
/// (`reload`, `cancel`, `endStream`), as anyone may.
public enum SourceEvent {
    /// The machine's transition: the one change of the source's state.
    case changed(StateChange)
    /// Items that a chunk of the body brought, before the load comes to rest.
    case items(ItemBatch)
}

/// Items of a load in flight (see `SourceEvent.items`), one at a time as its decoder made them.
public struct ItemBatch {
    /// What the items are.
    public enum Kind: Sendable {
        /// A live stream's item as the stream's own plugin read it (an event, before a `--jq`
        /// program runs on it): what a wait's condition is judged on and a change command
        /// reads. Published only where asked (`SourceLoader.publishesArrivals`).
        case arrived
        /// What the decoder made of the content as it came, to show as it comes (see
        /// `ItemHandoff.shown`): a jq program's results, or a stream's items where none runs.
        case shown
    }

    public var kind: Kind
    /// The items, made content only when asked (a flood's arrivals would each cost one).
    /// Asked during the event alone: an arrival's is made from the tap's item in place, and
    /// must not be kept past it (take the content, not the closure).
    public var content: () -> AnyContent
    /// The live stream's items told so far, these among them; 0 for pieces of a body.
    public var itemsSoFar: Int

    public init(kind: Kind, itemsSoFar: Int = 0, content: @escaping () -> AnyContent) {
        self.kind = kind
        self.itemsSoFar = itemsSoFar
        self.content = content
    }
}

/// Where a load in flight that an observer ended early ends (`SourceLoader.endStream`).
public enum StreamEnding: Sendable, Equatable {
    /// Before the item just published: it is the end mark the run waited for (`--until` met
    /// by `[DONE]`), not content. The stream ends whole with what came before it.
    case beforeItem
    /// After what was published: the reader left (stdout closed, a signal). Nothing more is
    /// handed over.
    case afterItem
}

/// How a loader hands over pieces of its content as its decoder makes them (`.items(.shown)`),
/// where a run shows them as they come: when it may, and which.
public struct PieceIntake {
    /// Whether what is handed over can be taken now; while not, the decoder holds back (a
    /// slow reader of stdout).
    public var isReady: () -> Bool
    /// Whether only a live stream's items are handed over, and any other content is kept
    /// whole: a watch prints a load's content only where it changed, which a stream, whose
    /// content is its items as they come, cannot wait to know.
    public var takesOnlyLiveStreams: Bool

    public init(isReady: @escaping () -> Bool, takesOnlyLiveStreams: Bool = false) {
        self.isReady = isReady
        self.takesOnlyLiveStreams = takesOnlyLiveStreams
    }
}
