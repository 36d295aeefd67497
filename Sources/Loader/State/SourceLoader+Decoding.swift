/// How a loader turns a response into a page for its machine: the source's plugin decodes
/// it (off the loop where the plugin's work may block, see `OffLoop`), or the failure says why
/// not and which plugins would take it.
extension SourceLoader {
    /// The response as a page for the machine: decoded by the source's plugin, or why not.
    /// `tapped`: the tap that took this very body as it came (see `BodyTap`), and its plugin's
    /// decoder.
    func outcome(of response: HTTPResponse, tapped: (tap: any BodyTap, decoder: AnyContentDecoder)? = nil) -> Machine.FetchEnd.Outcome {
        if response.info.isNotModified { return .notModified }
        let decoded = decode(response, tapped: tapped)
        if case .success(let page)? = decoded?.1 {
            guard source.fingerprintsContent else { return .page(page, response.info) }
            // A live stream's body was its items, which its tap alone saw.
            let body = tapped.map(\.tap).flatMap { $0.isLive ? $0.itemsFingerprint : nil } ?? ContentFingerprint.of(response.body)
            return .page(page.fingerprinted(body: body), response.info)
        }
        // Nothing to decode, where an empty body is no answer but a pipeline that failed.
        if response.body.isEmpty && URLParts.isStandardInput(response.info.url) {
            return .failed(LoadError(.unsupported, "standard input was empty", remedy: .feedStandardInput))
        }
        guard let (plugin, result) = decoded, case .failure(let failure) = result else {
            return .failed(noPluginError(response.info, bodyIsEmpty: response.body.isEmpty))
        }
        return .failed(decodeError(failure, plugin: plugin, response: response))
    }

    /// The plugin for the response, and its one decode of the body. A later page goes to the
    /// plugin that took the first.
    private func decode(_ response: HTTPResponse, tapped: (tap: any BodyTap, decoder: AnyContentDecoder)?) -> (AnyContentDecoder, Result<AnyContent, DecodeFailure>)? {
        // A live stream's deadline is the wait between its chunks, not its whole: what is left
        // to do once it ends (a program on the events kept) gets a deadline's time from now.
        // So does standard input, which may take as long as the command before the | takes.
        let start = tapped?.tap.isLive == true || URLParts.isStandardInput(response.info.url) ? .now : fetchStarted
        let cancellation = OffLoop.Cancellation(deadline: requested.map { start + $0.options.deadline })
        decoding = cancellation
        defer { decoding = nil }
        return OffLoop.cancellable(by: cancellation) { decodeNow(response, tapped: tapped) }
    }

    private func decodeNow(_ response: HTTPResponse, tapped: (tap: any BodyTap, decoder: AnyContentDecoder)?) -> (AnyContentDecoder, Result<AnyContent, DecodeFailure>)? {
        // A live stream's body is its tap's, which its plugin alone reads (the fetch kept none);
        // so is a body a tap put elsewhere as it came (a download's file).
        if let tapped, !tapped.tap.keepsBody {
            let handoff = handoff(showsPieces: true, live: false)
            return (tapped.decoder, Result { () throws(DecodeFailure) in
                try tapped.decoder.decode(response.body, response: response.info, handingTo: handoff, tapped: tapped.tap)
            })
        }
        // Only a first page: an empty later page is the list's plugin's to judge, as before.
        // Offered, not decoded: what it declines (an empty file) goes on to the source's plugin.
        if response.body.isEmpty, pagePlugin == nil, let empty = source.emptyBody {
            switch empty.offer(ResponseBody(response.body, info: response.info)) {
            case .taken(let content): return (empty, .success(content))
            case .failed(let failure): return (empty, .failure(failure))
            case .declined: break
            }
        }
        switch source.plugin {
        case .fixed(let decoder):
            // Only a first page is handed over in pieces: a later one joins the list.
            let handoff = handoff(showsPieces: pagePlugin == nil && pieceIntake?.takesOnlyLiveStreams != true, live: false)
            return (decoder, Result { () throws(DecodeFailure) in
                try decoder.decode(response.body, response: response.info, handingTo: handoff, tapped: tapped?.tap)
            })
        case .fromResponse(let decoders, _):
            if let pagePlugin, let decoder = decoders.first(where: { $0.name == pagePlugin }) {
                return (decoder, Result { () throws(DecodeFailure) in try decoder.decode(response.body, response: response.info) })
            }
            return decoders.choose(for: response.body, response: response.info)
        }
    }

    private func decodeError(_ failure: DecodeFailure, plugin: AnyContentDecoder, response: HTTPResponse) -> LoadError {
        let info = response.info
        let place = URLParts.isStandardInput(info.url) ? "standard input holds"
            : URLParts.scheme(of: info.url) == "file" ? "the file holds" : "the URL serves"
        var error = LoadError(.decode, "the response from \(Self.origin(info)) \(failure.reason)",
                              suggestion: failure.suggestion ?? "check that \(place) \(plugin.name)",
                              remedy: failure.offersOtherPlugins ? takers(of: response, refusedBy: plugin).map { .usePluginThatTakes($0) } : nil)
        error.isFinal = handedOverPieces
        return error
    }

    /// The plugins, other than `refuser`, that take what a source's own plugin refused, in the
    /// table's order; nil when none does, or for a later page of a list. One that takes any
    /// media type (bytes) is no advice: it shows broken JSON as bytes too.
    private func takers(of response: HTTPResponse, refusedBy refuser: AnyContentDecoder) -> [String]? {
        guard case .fixed = source.plugin, pagePlugin == nil else { return nil }
        let body = ResponseBody(response.body, info: response.info)
        let names = source.alternatives.filter { decoder in
            guard decoder.name != refuser.name, !decoder.mediaTypes.contains("*/*"), case .taken = decoder.offer(body) else { return false }
            return true
        }.map(\.name)
        return names.isEmpty ? nil : names
    }

    private func noPluginError(_ response: ResponseInfo, bodyIsEmpty: Bool) -> LoadError {
        guard case .fromResponse(let decoders, _) = source.plugin else { preconditionFailure("a fixed plugin takes everything") }
        let type = bodyIsEmpty ? "empty" : response.mediaType ?? "untyped"
        // A decoder that asks for no media type (the empty state) is listed by name alone.
        let known = decoders.map { $0.mediaTypes.isEmpty ? $0.name : "\($0.name) (\($0.mediaTypes.joined(separator: ", ")))" }
        return LoadError(.unsupported, "no plugin takes the \(type) response from \(Self.origin(response)); plugins: \(known.joined(separator: ", "))",
                         remedy: .namePlugin)
    }

    private static func origin(_ response: ResponseInfo) -> String {
        URLParts.origin(of: response.url)
    }
}
