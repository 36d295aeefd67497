/// Why a body could not be decoded, in a sentence that names what was expected.
public struct DecodeFailure: Error, Equatable, Sendable {
    public var reason: String
    public var suggestion: String?

    public init(_ reason: String, suggestion: String? = nil) {
        self.reason = reason
        self.suggestion = suggestion
    }
}
