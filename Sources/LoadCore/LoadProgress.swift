/// How far a body has arrived.
public struct LoadProgress: Sendable, Equatable {
    public var receivedBytes: Int
    /// The declared size (`Content-Length`), when the server sent one.
    public var expectedBytes: Int?

    public init(receivedBytes: Int = 0, expectedBytes: Int? = nil) {
        self.receivedBytes = receivedBytes
        self.expectedBytes = expectedBytes
    }
}
