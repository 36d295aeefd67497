
/// Something loadrun can load: a name for messages, where it lives, and how to decode it.
public struct Source {
    /// The name messages use, as in `posts: cancelled`.
    public var name: String
    public var url: String
    public var plugin: PluginSelection
    /// How pages are numbered in the URL; nil follows `Link: <…>; rel="next"` headers instead.
    public var pageParameter: Pagination.PageParameter?
    /// Whether a `next` link to another origin is followed; off, paging stops there.
    public var followsCrossHostLinks: Bool
    /// The decoder a first page with no body goes to, before `plugin`: a 204 or an empty 200
    /// has nothing for the source's plugin to decode, and is the empty state, not a failure.
    /// nil leaves empty bodies to `plugin`.
    public var emptyBody: AnyContentDecoder?
    /// The whole plugin table, in its order: what a response the `.fixed` plugin refuses is
    /// offered to, to say which plugin would take it instead. Empty says nothing.
    public var alternatives: [AnyContentDecoder]
    /// Whether each load's content gets its fingerprint (`AnyContent.fingerprint`), to tell a
    /// change from the same content again: a pass over every body (or a jq program's
    /// results), so only where someone asks (`--output ndjson`'s `changed`).
    public var fingerprintsContent = false
    /// Whether the change that settles a load hands on its first page's body
    /// (`StateChange.servedPage`): only where the history keeps the source's versions.
    public var handsOnFirstPage = false
    /// The most items a live stream brings in one load (`--max-items`): its last ends it.
    public var maxStreamItems: Int?

    public init(name: String, url: String, plugin: PluginSelection, pageParameter: Pagination.PageParameter? = nil,
                followsCrossHostLinks: Bool = false, emptyBody: AnyContentDecoder? = nil, alternatives: [AnyContentDecoder] = []) {
        self.alternatives = alternatives
        self.name = name
        self.url = url
        self.plugin = plugin
        self.pageParameter = pageParameter
        self.followsCrossHostLinks = followsCrossHostLinks
        self.emptyBody = emptyBody
    }

    public init(name: String, url: String, plugin: AnyContentDecoder) {
        self.init(name: name, url: url, plugin: .fixed(plugin))
    }
}
