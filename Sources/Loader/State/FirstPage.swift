/// The first page of a load as the server sent it, handed on in the change that settles the
/// load (`StateChange.firstPage`) to whoever keeps it (the history): the one way a body leaves
/// the loader. Whoever takes the bytes frees them, so that a large body is not held while the
/// change is drawn.
public final class FirstPage {
    /// The response's head.
    public let info: ResponseInfo
    /// How many bytes the body had.
    public let size: Int
    private var bytes: [UInt8]?

    public init(info: ResponseInfo, bytes: [UInt8]) {
        self.info = info
        size = bytes.count
        self.bytes = bytes
    }

    /// The body, once; nil after.
    public func take() -> [UInt8]? {
        defer { bytes = nil }
        return bytes
    }
}
