/// The decoding half of a content plugin: it turns a response body into a model, and says how
/// pages of that model join. Rendering is the other half, and lives with the plugins.
///
/// Decoders must reject what does not parse: libsoup hands over truncated chunked bodies and
/// undecodable "gzip" as if they were fine.
public protocol ContentDecoder {
    associatedtype Model

    /// The name users type, as in `--source posts`.
    var name: String { get }
    /// The media types it accepts, such as `application/json` or `image/*`.
    var mediaTypes: [String] { get }
    /// What it shows, for listings.
    var summary: String { get }
    /// What it takes when nobody named a plugin, for listings; by default its media types.
    var takes: String { get }

    /// Whether this decoder should take a response when nobody named a plugin: posts and
    /// articles are both `application/json` and differ by shape. By default, whether the
    /// response's media type is one of `mediaTypes`.
    func accepts(_ body: [UInt8], response: ResponseInfo) -> Bool

    /// Offers the response when nobody named a plugin: the decoder declines it, or decodes it
    /// once, so that choosing a plugin never decodes a body twice. By default `accepts`
    /// decides, and a body it accepts but cannot decode is a failure. Decoders that share a
    /// parse (every JSON view) keep it in `body`'s memo.
    func offer(_ body: ResponseBody) -> Offer<Model>

    func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Model
    /// Decodes, handing pieces of the content to `handoff.shown` as they are made, where the
    /// decoder makes it piece by piece; the model returned holds what was not handed over. By
    /// default `decode`, which hands over nothing.
    func decode(_ body: [UInt8], response: ResponseInfo, handingTo handoff: ItemHandoff) throws(DecodeFailure) -> Model
    /// `next` appended to `existing`, for lists that come in pages; nil (the default) when the
    /// content does not page.
    func merge(_ existing: Model, _ next: Model) -> Model?
    /// How many items a page holds, for lists; an empty page ends paging by page number.
    func itemCount(_ model: Model) -> Int?
    /// What the user should hear once about this content, on stderr: which view took it and
    /// why, when nobody named one; fields a template asked for that items lack. None by default.
    func notes(_ model: Model) -> [String]
    /// The next page the model names in its body (a feed's `rel="next"`), resolved; followed
    /// when the response's headers name none. None by default.
    func nextPage(_ model: Model) -> String?
    /// What tells this content from another load's, when the body does not: a jq program's
    /// results, which may stay the same while the body changes. nil (the default): the body's
    /// fingerprint.
    func fingerprint(_ model: Model) -> UInt64?
}

extension ContentDecoder {
    public func offer(_ body: ResponseBody) -> Offer<Model> {
        guard accepts(body.bytes, response: body.info) else { return .declined }
        do {
            return .taken(try decode(body.bytes, response: body.info))
        } catch {
            return .failed(error)
        }
    }

    public func decode(_ body: [UInt8], response: ResponseInfo, handingTo handoff: ItemHandoff) throws(DecodeFailure) -> Model {
        try decode(body, response: response)
    }

    public func merge(_ existing: Model, _ next: Model) -> Model? { nil }
    public func itemCount(_ model: Model) -> Int? { nil }
    public func notes(_ model: Model) -> [String] { [] }
    public func nextPage(_ model: Model) -> String? { nil }
    public func fingerprint(_ model: Model) -> UInt64? { nil }
    public var takes: String { mediaTypes.joined(separator: ", ") }

    public func accepts(_ body: [UInt8], response: ResponseInfo) -> Bool {
        guard let mediaType = response.mediaType else { return false }
        return MediaType.matches(mediaType, anyOf: mediaTypes)
    }
}
