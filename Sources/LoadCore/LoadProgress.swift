/// How far a body has arrived.
public struct LoadProgress: Sendable, Equatable {
    public var receivedBytes: Int
    /// The declared size (`Content-Length`), when the server sent one.
    public var expectedBytes: Int?
    /// For a live stream (see `BodyTap.isLive`): the items it brought so far, over all its
    /// connections; nil for a body that is not a stream. A load with items is `streaming`.
    public var items: Int?
    /// When the last of `items` came.
    public var lastItem: ContinuousClock.Instant?

    public init(receivedBytes: Int = 0, expectedBytes: Int? = nil, items: Int? = nil, lastItem: ContinuousClock.Instant? = nil) {
        self.receivedBytes = receivedBytes
        self.expectedBytes = expectedBytes
        self.items = items
        self.lastItem = lastItem
    }
}
