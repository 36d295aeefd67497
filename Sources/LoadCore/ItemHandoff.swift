/// How a decoder hands what it makes of a load, before the load comes to rest, to the loader
/// that asked for the decode, which publishes each as a `SourceEvent.items` batch: the
/// decoder's end of the loader's one way out. The loader makes one for each response it taps
/// or decodes, with what the run asked for; nothing the decoder hands goes anywhere else.
public struct ItemHandoff {
    /// What becomes of a live stream's item, and of the stream after it.
    public enum Arrival: Equatable, Sendable {
        /// Taken, and the stream goes on.
        case take
        /// Taken, and the stream ends with it, whole (`--max-items`' last).
        case takeAndEnd
        /// The stream ends before it, whole: it is the end mark the run waited for (`--until`
        /// met by `[DONE]`), not content.
        case endWithout
    }

    /// Whether what is `shown` can be taken now; while not, the decoder holds back (a slow
    /// reader of stdout). Always true where nothing is shown as it comes.
    public var isReady: () -> Bool
    /// Takes content as the decoder makes it, to show as it comes (a jq program's results, a
    /// stream's items where none runs), and returns whether more is wanted (false: the reader
    /// left). The content the decode returns is then what was not handed over. nil: the
    /// content is kept whole, as a watch that prints only what changed keeps it.
    public var shown: ((AnyContent) -> Bool)?
    /// For a live stream's tap (see `BodyTap.isLive`): takes each item as the stream's own
    /// plugin reads it, before it is shown or a program runs on it, made content only when
    /// asked (a flood's items would each cost one), and says what becomes of it. nil for any
    /// other body.
    public var arrived: ((_ item: () -> AnyContent) -> Arrival)?
    /// Whether a live stream's tap keeps its last items for the history (`BodyTap.recentRecords`).
    public var keepsRecent: Bool

    public init(isReady: @escaping () -> Bool = { true }, shown: ((AnyContent) -> Bool)? = nil,
                arrived: ((_ item: () -> AnyContent) -> Arrival)? = nil, keepsRecent: Bool = false) {
        self.isReady = isReady
        self.shown = shown
        self.arrived = arrived
        self.keepsRecent = keepsRecent
    }
}
