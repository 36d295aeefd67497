/// Decoded content whose type only its decoder knows: the terminal's `AnyRemoteContent`.
///
/// Its fields live in one immutable object: a content goes in every state, transition and
/// snapshot of its source, and each copy of seven fields (an existential, strings, arrays and
/// two closures) cost ~280 instructions of retains and value witnesses, 10% of a 1,000-URL run.
/// A copy is now one retain.
public struct AnyContent {
    private final class Storage {
        let pluginName: String
        let model: Any
        let itemCount: Int?
        let notes: [String]
        let nextPage: String?
        let fingerprint: UInt64?
        let bodyFingerprint: UInt64?
        let decodersFingerprint: () -> UInt64?
        let merger: (Any) -> AnyContent?

        init(pluginName: String, model: Any, itemCount: Int?, notes: [String], nextPage: String?, fingerprint: UInt64?,
             bodyFingerprint: UInt64?, decodersFingerprint: @escaping () -> UInt64?, merger: @escaping (Any) -> AnyContent?) {
            self.pluginName = pluginName
            self.model = model
            self.itemCount = itemCount
            self.notes = notes
            self.nextPage = nextPage
            self.fingerprint = fingerprint
            self.bodyFingerprint = bodyFingerprint
            self.decodersFingerprint = decodersFingerprint
            self.merger = merger
        }

        /// The same content with other fingerprints.
        func fingerprinted(_ fingerprint: UInt64?, body: UInt64?) -> Storage {
            Storage(pluginName: pluginName, model: model, itemCount: itemCount, notes: notes, nextPage: nextPage, fingerprint: fingerprint,
                    bodyFingerprint: body, decodersFingerprint: decodersFingerprint, merger: merger)
        }
    }

    private let storage: Storage

    /// The plugin that decoded it: its renderer is found by this name.
    public var pluginName: String { storage.pluginName }
    /// The decoded model.
    public var model: Any { storage.model }
    /// How many items it holds, for lists.
    public var itemCount: Int? { storage.itemCount }
    /// What the user should hear once about it (see `ContentDecoder.notes`).
    public var notes: [String] { storage.notes }
    /// The next page it names itself (see `ContentDecoder.nextPage`).
    public var nextPage: String? { storage.nextPage }
    /// What tells it from another load's content (`ContentFingerprint`), where the source asks
    /// for it (`Source.fingerprintsContent`): the decoder's own (`ContentDecoder.fingerprint`),
    /// else the body's. nil otherwise: taking it is a pass over the content.
    public var fingerprint: UInt64? { storage.fingerprint }
    /// What the server sent, as a fingerprint of the body (every page's, in order), where the
    /// source asks for fingerprints: the history's versions are the server's content, whatever
    /// a `--jq` program made of it.
    public var bodyFingerprint: UInt64? { storage.bodyFingerprint }

    public init<Decoder: ContentDecoder>(_ model: Decoder.Model, decoder: Decoder) {
        storage = Storage(pluginName: decoder.name, model: model, itemCount: decoder.itemCount(model), notes: decoder.notes(model),
                          nextPage: decoder.nextPage(model), fingerprint: nil, bodyFingerprint: nil,
                          decodersFingerprint: { decoder.fingerprint(model) },
                          merger: { other in
                              guard let next = other as? Decoder.Model, let merged = decoder.merge(model, next) else { return nil }
                              return AnyContent(merged, decoder: decoder)
                          })
    }

    private init(_ storage: Storage) { self.storage = storage }

    /// This content fingerprinted, with `body` the fingerprint of the body it was decoded
    /// from: its decoder's own fingerprint where it has one, else the body's.
    package func fingerprinted(body: UInt64) -> AnyContent {
        AnyContent(storage.fingerprinted(storage.decodersFingerprint() ?? body, body: body))
    }

    /// This content with `next`'s items appended, when both are pages of the same list.
    public func appending(_ next: AnyContent) -> AnyContent? {
        guard next.pluginName == pluginName, let merged = storage.merger(next.model) else { return nil }
        return AnyContent(merged.storage.fingerprinted(fingerprint.flatMap { first in next.fingerprint.map { ContentFingerprint.combining(first, $0) } },
                                                       body: bodyFingerprint.flatMap { first in next.bodyFingerprint.map { ContentFingerprint.combining(first, $0) } }))
    }
}
