/// Why a body could not be decoded, in a sentence that names what was expected.
public struct DecodeFailure: Error, Equatable, Sendable {
    public var reason: String
    public var suggestion: String?
    /// Whether another plugin might take what this one refused, and the error may say which;
    /// false when the content is not what failed (a `--jq` program did).
    public var offersOtherPlugins: Bool

    public init(_ reason: String, suggestion: String? = nil, offersOtherPlugins: Bool = true) {
        self.reason = reason
        self.suggestion = suggestion
        self.offersOtherPlugins = offersOtherPlugins
    }
}
