/// A complete response whose body arrived in full and within the limits.
public struct HTTPResponse: Sendable, Equatable {
    public var info: ResponseInfo
    public var body: [UInt8]
    /// Set when the response is a copy from the store standing in for the server's: after a
    /// 304, or in place of a failure.
    public var storedCopy: StoredCopyUse?

    public init(info: ResponseInfo, body: [UInt8], storedCopy: StoredCopyUse? = nil) {
        self.info = info
        self.body = body
        self.storedCopy = storedCopy
    }
}
