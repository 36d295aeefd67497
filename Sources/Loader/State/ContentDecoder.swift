/// Why a body could not be decoded, in a sentence that names what was expected.
public struct DecodeFailure: Error, Equatable, Sendable {
    public var reason: String
    public var suggestion: String?

    public init(_ reason: String, suggestion: String? = nil) {
        self.reason = reason
        self.suggestion = suggestion
    }
}

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
    /// `next` appended to `existing`, for lists that come in pages; nil (the default) when the
    /// content does not page.
    func merge(_ existing: Model, _ next: Model) -> Model?
    /// How many items a page holds, for lists; an empty page ends paging by page number.
    func itemCount(_ model: Model) -> Int?
    /// What the user should hear once about this content, on stderr: which view took it and
    /// why, when nobody named one; fields a template asked for that items lack. None by default.
    func notes(_ model: Model) -> [String]
}

/// What a decoder does with a response it is offered.
public enum Offer<Model> {
    /// Not this decoder's: the next one in the table is asked.
    case declined
    /// Taken, and decoded.
    case taken(Model)
    /// Taken, but the body does not decode: the load fails with this.
    case failed(DecodeFailure)
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

    public func merge(_ existing: Model, _ next: Model) -> Model? { nil }
    public func itemCount(_ model: Model) -> Int? { nil }
    public func notes(_ model: Model) -> [String] { [] }
    public var takes: String { mediaTypes.joined(separator: ", ") }

    public func accepts(_ body: [UInt8], response: ResponseInfo) -> Bool {
        guard let mediaType = response.mediaType else { return false }
        return MediaType.matches(mediaType, anyOf: mediaTypes)
    }
}

/// A decoder with its model type erased, as the plugin table and a source hold it.
public struct AnyContentDecoder {
    public let name: String
    public let mediaTypes: [String]
    public let summary: String
    public let takes: String
    private let decoder: ([UInt8], ResponseInfo) throws(DecodeFailure) -> AnyContent
    private let offerer: (ResponseBody) -> Offer<AnyContent>

    public init<Decoder: ContentDecoder>(_ decoder: Decoder) {
        name = decoder.name
        mediaTypes = decoder.mediaTypes
        summary = decoder.summary
        takes = decoder.takes
        self.decoder = { (body, response) throws(DecodeFailure) in
            AnyContent(try decoder.decode(body, response: response), decoder: decoder)
        }
        offerer = { body in
            switch decoder.offer(body) {
            case .declined: .declined
            case .taken(let model): .taken(AnyContent(model, decoder: decoder))
            case .failed(let failure): .failed(failure)
            }
        }
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> AnyContent {
        try decoder(body, response)
    }

    /// The response offered to this decoder: declined, or decoded once.
    public func offer(_ body: ResponseBody) -> Offer<AnyContent> {
        offerer(body)
    }

    /// The `Accept` header this decoder's requests send.
    public var acceptHeader: String { mediaTypes.joined(separator: ", ") }
}

extension [AnyContentDecoder] {
    /// The first decoder that takes this response, and what its one decode gave.
    public func choose(for body: [UInt8], response: ResponseInfo) -> (decoder: AnyContentDecoder, decoded: Result<AnyContent, DecodeFailure>)? {
        let offered = ResponseBody(body, info: response)
        for decoder in self {
            switch decoder.offer(offered) {
            case .declined: continue
            case .taken(let content): return (decoder, .success(content))
            case .failed(let failure): return (decoder, .failure(failure))
            }
        }
        return nil
    }

    /// The `Accept` header for a request that any of these decoders may decode.
    public var acceptHeader: String {
        var seen = Set<String>()
        return flatMap(\.mediaTypes).filter { seen.insert($0).inserted }.joined(separator: ", ")
    }
}
