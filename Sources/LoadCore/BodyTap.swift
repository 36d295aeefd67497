/// A decoder's work on a body while it arrives (a jq program that parses each chunk as it
/// comes, as `curl | jq` overlaps the two on two processes), begun once the response's head
/// is in (see `BodyTappingDecoder`).
///
/// The fetch hands it each chunk on the loop, in order, after any Content-Encoding is decoded,
/// and never one past the body's size cap. It learns that the body ended whole only when the
/// decoder is given it back with that body; dropped before (a body cut short, too large, a
/// cancel), it must drop its work, which nobody will take.
public protocol BodyTap: AnyObject {
    /// The next bytes of the body; they are valid only during the call.
    func take(_ chunk: UnsafeRawBufferPointer)
}

/// A decoder that begins its work on a body as it arrives, where the response allows.
public protocol BodyTappingDecoder: ContentDecoder {
    /// The work for the response whose head is `response`, or nil to wait for the whole body
    /// (a type it reads only once whole; no room for another run). `streamsPieces`: the
    /// decode will be given pieces to hand its content to (see `decode(_:response:pieces:)`).
    func tap(for response: ResponseInfo, streamsPieces: Bool) -> (any BodyTap)?

    /// Decodes `body`, whose chunks `tap` (made by `tap(for:streamsPieces:)`) took as they
    /// came: its work is told the body ended, and waited for. `pieces` as in
    /// `decode(_:response:pieces:)`.
    func decode(_ body: [UInt8], response: ResponseInfo, pieces: ContentPieces?, tapped tap: any BodyTap) throws(DecodeFailure) -> Model
}
