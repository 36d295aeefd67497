/// Which decoder a source's responses go to.
public enum PluginSelection {
    /// Always this one (`--source posts`, `--plugin posts`).
    case fixed(AnyContentDecoder)
    /// The first in the table that takes the response.
    case fromResponse([AnyContentDecoder])

    /// The `Accept` header requests send.
    public var acceptHeader: String {
        switch self {
        case .fixed(let decoder): decoder.acceptHeader
        case .fromResponse(let decoders): decoders.acceptHeader
        }
    }
}
