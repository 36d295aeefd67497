/// Which decoder a source's responses go to.
public enum PluginSelection {
    /// Always this one (`--source posts`, `--plugin posts`).
    case fixed(AnyContentDecoder)
    /// The first in the table that takes the response; `accept` is what they take together
    /// (their `acceptHeader`), worked out once for the table, not for each of its sources.
    case fromResponse([AnyContentDecoder], accept: String)

    /// The `Accept` header requests send.
    public var acceptHeader: String {
        switch self {
        case .fixed(let decoder): decoder.acceptHeader
        case .fromResponse(_, let accept): accept
        }
    }
}
