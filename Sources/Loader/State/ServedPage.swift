/// The first page of a load as the server sent it, carried in the change that settles the
/// load (`StateChange.servedPage`) to whoever keeps it (the history). A value like the rest of
/// the change: it shares the response's bytes, and they go when the change does.
public struct ServedPage: Sendable {
    /// The response's head.
    public let info: ResponseInfo
    /// The body, as it came (after any Content-Encoding was decoded).
    public let bytes: [UInt8]
    /// How many bytes the body had.
    public var size: Int { bytes.count }

    public init(info: ResponseInfo, bytes: [UInt8]) {
        self.info = info
        self.bytes = bytes
    }
}
