/// A GError as loads tell them apart: GLib's domain and code reduced to what loadrun acts on,
/// with GLib's message. The C side (`GLibError.failure`) only classifies; what each kind
/// means for a load is decided as a value, by `LoadError.init(_:at:)`.
public struct GIOFailure: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case cancelled
        case connectionRefused
        /// libsoup's "Connection terminated unexpectedly": the peer hung up early.
        case partialInput
        /// libsoup's "Header too big": the response's head passed its 64 KiB limit.
        case headersTooLarge
        /// A decoder's "Invalid compressed data": a Content-Encoding that does not decode.
        case invalidData
        case connectionClosed
        case timedOut
        case notFound
        case permissionDenied
        case isDirectory
        /// The name server did not answer, for now.
        case resolverTemporary
        case resolverFailed
        case tls
        /// The server reset the stream, or closed the connection with an error (RST_STREAM or
        /// GOAWAY), with the error code's name: `INTERNAL_ERROR`, `REFUSED_STREAM`.
        case http2(String)
        case other
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, message: String = "") {
        self.kind = kind
        self.message = message
    }
}
