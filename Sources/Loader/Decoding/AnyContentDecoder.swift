/// A decoder with its model type erased, as the plugin table and a source hold it.
public struct AnyContentDecoder {
    public let name: String
    public let mediaTypes: [String]
    public let summary: String
    public let takes: String
    private let decoder: ([UInt8], ResponseInfo, ItemHandoff?, (any BodyTap)?) throws(DecodeFailure) -> AnyContent
    private let offerer: (ResponseBody) -> Offer<AnyContent>
    /// Its `BodyTappingDecoder.tap(for:handingTo:)`, for a decoder that works on a body as it
    /// arrives; nil for the others (most), which cost a fetch nothing for it.
    public let tapper: ((ResponseInfo, ItemHandoff?) -> (any BodyTap)?)?
    /// Its `BodyTappingDecoder.isChosenByHead`: a live stream's decoder, which a source that
    /// picks by response takes as soon as a head of its type is in.
    public let isChosenByHead: Bool
    /// The decoder itself, for the one caller that makes another of its kind from it.
    private let base: Any

    /// `decoder`, which waits for whole bodies.
    public init<Decoder: ContentDecoder>(_ decoder: Decoder) {
        self.init(decoder, decode: Self.wholeBodies(decoder), tapper: nil, isChosenByHead: false)
    }

    /// `decoder`, which works on a body as it arrives: a body its tap took goes back to it, any
    /// other is decoded as by any decoder. Chosen where the decoder's type is known (a source's
    /// `--jq` plugin), not found by a cast: a conformance looked up at run time cost every
    /// run 1.3 M instructions at start-up, for a dozen plugins that never tap.
    public init<Decoder: BodyTappingDecoder>(_ decoder: Decoder) {
        let whole = Self.wholeBodies(decoder)
        self.init(decoder, decode: { (body, response, handoff, tap) throws(DecodeFailure) in
            guard let tap else { return try whole(body, response, handoff, nil) }
            return AnyContent(try decoder.decode(body, response: response, handingTo: handoff, tapped: tap), decoder: decoder)
        }, tapper: { response, handoff in decoder.tap(for: response, handingTo: handoff) }, isChosenByHead: decoder.isChosenByHead)
    }

    /// How `decoder` decodes a whole body, handing pieces over where it is asked to.
    private static func wholeBodies<Decoder: ContentDecoder>(_ decoder: Decoder)
        -> ([UInt8], ResponseInfo, ItemHandoff?, (any BodyTap)?) throws(DecodeFailure) -> AnyContent {
        { (body, response, handoff, _) throws(DecodeFailure) in
            guard let handoff, handoff.shown != nil else { return AnyContent(try decoder.decode(body, response: response), decoder: decoder) }
            return AnyContent(try decoder.decode(body, response: response, handingTo: handoff), decoder: decoder)
        }
    }

    private init<Decoder: ContentDecoder>(_ decoder: Decoder,
                                          decode: @escaping ([UInt8], ResponseInfo, ItemHandoff?, (any BodyTap)?) throws(DecodeFailure) -> AnyContent,
                                          tapper: ((ResponseInfo, ItemHandoff?) -> (any BodyTap)?)?, isChosenByHead: Bool) {
        name = decoder.name
        mediaTypes = decoder.mediaTypes
        summary = decoder.summary
        takes = decoder.takes
        self.decoder = decode
        self.tapper = tapper
        self.isChosenByHead = isChosenByHead
        base = decoder
        offerer = { body in
            switch decoder.offer(body) {
            case .declined: .declined
            case .taken(let model): .taken(AnyContent(model, decoder: decoder))
            case .failed(let failure): .failed(failure)
            }
        }
    }

    /// The body decoded; `handoff` takes pieces of it as they are made, where the decoder makes
    /// it piece by piece (see `ContentDecoder.decode(_:response:handingTo:)`). `tap`: what this
    /// decoder's `tapper` made for the body, which took its chunks as they came.
    public func decode(_ body: [UInt8], response: ResponseInfo, handingTo handoff: ItemHandoff? = nil, tapped tap: (any BodyTap)? = nil) throws(DecodeFailure) -> AnyContent {
        try decoder(body, response, handoff, tap)
    }

    /// The response offered to this decoder: declined, or decoded once.
    public func offer(_ body: ResponseBody) -> Offer<AnyContent> {
        offerer(body)
    }

    /// The decoder, when it is a `Decoder`.
    public func decoder<Decoder: ContentDecoder>(as type: Decoder.Type) -> Decoder? { base as? Decoder }

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
    ///
    /// Every source that picks by response asks, so the few types are kept in order by a look
    /// along them rather than hashed into a set (a tenth of the work for a dozen types).
    public var acceptHeader: String {
        var types: [String] = []
        for decoder in self {
            for type in decoder.mediaTypes where !types.contains(type) { types.append(type) }
        }
        return types.joined(separator: ", ")
    }
}
