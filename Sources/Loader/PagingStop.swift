/// Why a list stopped paging before its server said it ended.
public enum PagingStop: Equatable, Sendable {
    /// The `next` link pointed at a page already loaded in this chain.
    case loop(url: String)
    /// The `next` link pointed at another origin, and the source does not follow those.
    case crossHost(url: String, origin: String)

    /// What happened and what to do, for a message after the source's name.
    public var description: String {
        switch self {
        case .loop(let url):
            "stopped paging: the next link points back to \(url), a page already loaded"
        case .crossHost(let url, let origin):
            "stopped paging: the next page is on another host (\(url), not \(origin))"
        }
    }

    /// What would let paging go on, for the front end to word.
    public var remedy: LoadError.Remedy? {
        switch self {
        case .loop: nil
        case .crossHost: .followCrossHostLinks
        }
    }
}
