/// Decoded content whose type only its decoder knows: the terminal's `AnyRemoteContent`.
public struct AnyContent {
    /// The plugin that decoded it: its renderer is found by this name.
    public let pluginName: String
    /// The decoded model.
    public let model: Any
    /// How many items it holds, for lists.
    public let itemCount: Int?
    /// What the user should hear once about it (see `ContentDecoder.notes`).
    public let notes: [String]
    /// The next page it names itself (see `ContentDecoder.nextPage`).
    public let nextPage: String?
    /// What tells it from another load's content (`ContentFingerprint`), where the source asks
    /// for it (`Source.fingerprintsContent`): the decoder's own (`ContentDecoder.fingerprint`),
    /// else the body's. nil otherwise: taking it is a pass over the content.
    public private(set) var fingerprint: UInt64?
    /// What the server sent, as a fingerprint of the body (every page's, in order), where the
    /// source asks for fingerprints: the history's versions are the server's content, whatever
    /// a `--jq` program made of it.
    public private(set) var bodyFingerprint: UInt64?
    /// The decoder's own fingerprint of the model, worked out when asked.
    private let decodersFingerprint: () -> UInt64?
    private let merger: (Any) -> AnyContent?

    public init<Decoder: ContentDecoder>(_ model: Decoder.Model, decoder: Decoder) {
        pluginName = decoder.name
        self.model = model
        itemCount = decoder.itemCount(model)
        notes = decoder.notes(model)
        nextPage = decoder.nextPage(model)
        decodersFingerprint = { decoder.fingerprint(model) }
        merger = { other in
            guard let next = other as? Decoder.Model, let merged = decoder.merge(model, next) else { return nil }
            return AnyContent(merged, decoder: decoder)
        }
    }

    /// This content fingerprinted, with `body` the fingerprint of the body it was decoded
    /// from: its decoder's own fingerprint where it has one, else the body's.
    package func fingerprinted(body: UInt64) -> AnyContent {
        var content = self
        content.bodyFingerprint = body
        content.fingerprint = decodersFingerprint() ?? body
        return content
    }

    /// This content with `next`'s items appended, when both are pages of the same list.
    public func appending(_ next: AnyContent) -> AnyContent? {
        guard next.pluginName == pluginName, var merged = merger(next.model) else { return nil }
        merged.fingerprint = fingerprint.flatMap { first in next.fingerprint.map { ContentFingerprint.combining(first, $0) } }
        merged.bodyFingerprint = bodyFingerprint.flatMap { first in next.bodyFingerprint.map { ContentFingerprint.combining(first, $0) } }
        return merged
    }
}
