/// A decoder's work on a body while it arrives (a jq program that parses each chunk as it
/// comes, as `curl | jq` overlaps the two on two processes; a live stream's events), begun once
/// the response's head is in (see `BodyTappingDecoder`).
///
/// The fetch hands it each chunk on the loop, in order, after any Content-Encoding is decoded,
/// and never one past the body's size cap. It learns that the body ended whole only when the
/// decoder is given it back with that body; dropped before (a body cut short, too large, a
/// cancel), it must drop its work, which nobody will take.
public protocol BodyTap: AnyObject {
    /// The next bytes of the body; they are valid only during the call.
    func take(_ chunk: UnsafeRawBufferPointer)

    /// Whether the body may never end (a live stream: Server-Sent Events, JSON Lines): the
    /// fetch then keeps none of it and caps none of it (the tap bounds what it keeps), and its
    /// deadline is the longest wait between two chunks, not for the whole. The body the
    /// decoder is given back is empty. Each item it reads goes to the `ItemHandoff.arrived`
    /// it was made with first.
    var isLive: Bool { get }

    /// Whether the fetch keeps the body beside the tap: false for a live tap, and for one
    /// that puts the body elsewhere as it comes (a download's file). The body the decoder is
    /// given back is then empty, and the body size cap counts what came.
    var keepsBody: Bool { get }

    /// For a live tap: whether it takes more of the body. Once false (an event past its bound,
    /// a reader that left) the fetch ends the body there, and the decode says why.
    var wantsMore: Bool { get }

    /// For a live tap: whether it can take the next chunk now. While false (what it printed
    /// waits for a slow reader of stdout), the fetch reads no more, so that the server is held
    /// back by the connection rather than the stream held in memory; that wait is the reader's,
    /// and no deadline counts it.
    var isReadyForMore: Bool { get }

    /// For a live tap: the items it read so far, over every connection of its stream.
    var itemCount: Int { get }

    /// For a live tap: the content its items make now (the window it keeps, which the load
    /// comes to rest with), when it kept more since last asked; nil otherwise, and where it
    /// keeps none (it hands each over as it comes).
    func contentSoFar() -> AnyContent?

    /// For a live tap: what tells the items it read from another stream's, in order (see
    /// `ContentFingerprint`), standing in for the body's, of which it kept none.
    var itemsFingerprint: UInt64 { get }

    /// For a live tap: its last items as the stream sent them, which the history keeps as
    /// the load's version (not the whole stream, which may never end); nil before any came.
    func recentRecords() -> [UInt8]?
}

extension BodyTap {
    public var isLive: Bool { false }
    public var keepsBody: Bool { !isLive }
    public var wantsMore: Bool { true }
    public var isReadyForMore: Bool { true }
    public var itemCount: Int { 0 }
    public func contentSoFar() -> AnyContent? { nil }
    public var itemsFingerprint: UInt64 { 0 }
    public func recentRecords() -> [UInt8]? { nil }
}

/// A decoder that begins its work on a body as it arrives, where the response allows.
public protocol BodyTappingDecoder: ContentDecoder {
    /// The work for the response whose head is `response`, or nil to wait for the whole body
    /// (a type it reads only once whole; no room for another run). `handoff`: where the
    /// decode (or, for a live tap, the tap as the body comes) hands its content over in pieces
    /// (`shown`; see `decode(_:response:handingTo:)`), and where a live tap tells each item as
    /// it comes (`arrived`); nil where it hands over nothing.
    func tap(for response: ResponseInfo, handingTo handoff: ItemHandoff?) -> (any BodyTap)?

    /// Decodes `body`, whose chunks `tap` (made by `tap(for:handingTo:)`) took as they came:
    /// its work is told the body ended, and waited for. `handoff` as in
    /// `decode(_:response:handingTo:)`.
    func decode(_ body: [UInt8], response: ResponseInfo, handingTo handoff: ItemHandoff?, tapped tap: any BodyTap) throws(DecodeFailure) -> Model

    /// Whether this decoder is chosen by a response's head alone, before any body, where a
    /// source picks its plugin by response: a live stream's type, whose body may never end
    /// for the other plugins to be offered it. Its tap, where it makes one, is then the
    /// source's, and the body its.
    var isChosenByHead: Bool { get }
}

extension BodyTappingDecoder {
    public var isChosenByHead: Bool { false }
}
