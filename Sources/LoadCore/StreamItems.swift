/// Where a live stream's tap tells each item as it comes (see `BodyTap.isLive`), before it is
/// handed over as a piece or a program runs on it: the loader counts them for the source's
/// `streaming` state and ends the stream at `--max-items`, and the run judges a wait's
/// condition (`--until`) on each.
public struct StreamItems {
    /// What becomes of an item, and of the stream after it.
    public enum Verdict: Equatable, Sendable {
        /// Taken, and the stream goes on.
        case take
        /// Taken, and the stream ends with it, whole (`--max-items`' last).
        case takeAndEnd
        /// The stream ends before it, whole: it is the end mark the run waited for (`--until`
        /// met by `[DONE]`), not content.
        case endWithout
    }

    /// Takes an item, as the stream's own plugin reads it (an event, not a `--jq` program's
    /// results), made content only when asked (most runs judge none: a flood's items would
    /// each cost one), and says what becomes of it.
    public var arrived: (_ item: () -> AnyContent) -> Verdict
    /// Whether the tap keeps the stream's last items for the history (`BodyTap.recentRecords`).
    public var keepsRecent: Bool

    public init(keepsRecent: Bool = false, arrived: @escaping (_ item: () -> AnyContent) -> Verdict) {
        self.keepsRecent = keepsRecent
        self.arrived = arrived
    }
}
