/// A response as decoders are offered it: its bytes, what came with them, and what decoders
/// worked out from them, kept so that choosing among decoders parses a body once.
public final class ResponseBody {
    public let bytes: [UInt8]
    public let info: ResponseInfo
    private var memo: [ObjectIdentifier: Any] = [:]

    public init(_ bytes: [UInt8], info: ResponseInfo) {
        self.bytes = bytes
        self.info = info
    }

    /// What `make` gives, made once per body and kept by its type: the first decoder to ask
    /// for the parsed JSON parses it, and the others are handed the same.
    public func memoized<Value>(_ make: ([UInt8], ResponseInfo) -> Value) -> Value {
        let key = ObjectIdentifier(Value.self)
        if let kept = memo[key] as? Value { return kept }
        let value = make(bytes, info)
        memo[key] = value
        return value
    }
}
