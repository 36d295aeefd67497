/// A request's body and its `Content-Type`.
public struct RequestBody: Sendable, Equatable {
    public var bytes: [UInt8]
    public var contentType: String

    public init(bytes: [UInt8], contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
    }
}
