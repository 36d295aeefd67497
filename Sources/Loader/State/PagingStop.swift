/// Why a list stopped paging before its server said it ended.
public enum PagingStop: Equatable, Sendable {
    /// The `next` link pointed at a page already loaded in this chain.
    case loop(url: String)
    /// The `next` link pointed at another origin, and the source does not follow those.
    case crossHost(url: String, origin: String)
    /// The `next` link was not an http(s) URL (`file:///etc/passwd`): never followed.
    case notWeb(url: String)
    /// A page came back empty before the end the server declared.
    case endedEarly(page: Int, declared: Pagination.End, itemsSeen: Int)

    /// What happened and what to do, for a message after the source's name.
    public var description: String {
        switch self {
        case .loop(let url):
            "stopped paging: the next link points back to \(url), a page already loaded"
        case .crossHost(let url, let origin):
            "stopped paging: the next page is on another host (\(url), not \(origin))"
        case .notWeb(let url):
            "stopped paging: the next link is not an http or https URL (\(url)), and a server's links are followed to those only"
        case .endedEarly(let page, .items(let total), let seen):
            "stopped paging: page \(page) came back empty after \(seen) of the \(total) items the server counts"
        case .endedEarly(let page, .page(let last), let seen):
            "stopped paging: page \(page) came back empty, before the last page (\(last)) the server links to, after \(seen) items"
        }
    }

    /// What would let paging go on, for the front end to word.
    public var remedy: LoadError.Remedy? {
        switch self {
        case .loop, .endedEarly, .notWeb: nil
        case .crossHost: .followCrossHostLinks
        }
    }
}
