package import LoadCore

/// How content becomes text for the screen: the plugins' renderers, seen from the screen.
/// Its answers depend only on what it is asked and on settings fixed for the run, so the
/// model that calls it stays a value whose views a test can compare as text.
package protocol ContentRendering {
    /// `content` as a list for an area `width` columns wide and `rows` tall: its text, and
    /// where each item starts; items nil for content that is not a list.
    func list(_ content: AnyContent, width: Int, rows: Int) -> RenderedList
    /// `rendered` (of `content`, not a list) with what changed since `previous` (rendered as
    /// `previousText`) highlighted, line for line.
    func changes(_ content: AnyContent, rendered: RenderedList, since previous: AnyContent, previousText: String,
                 width: Int, rows: Int) -> String
    /// What source `index`'s pane shows before any content, in `state`: the skeleton of its
    /// plugin while it loads, or what failed.
    func placeholder(source index: Int, state: LoadingState<AnyContent>, width: Int, rows: Int) -> String
    /// The text of a detail: its content (or skeleton, or failure), then each related list
    /// under a heading, with where each related list's items start. `skeletonPlugin` names
    /// the plugin the parent's last detail took.
    func detail(_ detail: DetailFacts, skeletonPlugin: String?, width: Int, rows: Int) -> RenderedDetail
    /// The fields of item `item` of `content`, to open or prefetch its detail; nil when it
    /// has none.
    func itemFields(of content: AnyContent, at item: Int) -> [String: String]?
    /// The URLs `content`'s text numbers (`[L1]` is the first), to open by number.
    func links(of content: AnyContent) -> [String]
    /// Item `item` of `content` as a page of its own words, shown with no request (a feed's
    /// entry); nil when its items are only rows.
    func entry(of content: AnyContent, at item: Int) -> AnyContent?
    /// Whether `content`'s items carry their own words (a feed's entries), without making one:
    /// cheap enough to ask on every render.
    func hasEntries(_ content: AnyContent) -> Bool
    /// The title of a page (an article's), for a breadcrumb; nil when it has none.
    func title(of content: AnyContent) -> String?
    /// The JSON `content` is shown as, explored (`JSONExplorer`) rather than rendered: a
    /// document that is one value and not a list of items; nil for anything else.
    func explorable(_ content: AnyContent) -> JSON?
    /// `content` as one JSON value, the input of a filter typed in the view (`|`); nil for
    /// content that holds no JSON.
    func json(of content: AnyContent) -> JSON?
    /// Item `item` of `content`'s list as JSON, to explore it whole; nil when its items are
    /// not JSON.
    func itemJSON(of content: AnyContent, at item: Int) -> JSON?
    /// Whether styling escapes may be used.
    var allowsStyling: Bool { get }
}

extension ContentRendering {
    package func entry(of content: AnyContent, at item: Int) -> AnyContent? { nil }
    package func hasEntries(_ content: AnyContent) -> Bool { false }
    package func title(of content: AnyContent) -> String? { nil }
    package func explorable(_ content: AnyContent) -> JSON? { nil }
    package func json(of content: AnyContent) -> JSON? { nil }
    package func itemJSON(of content: AnyContent, at item: Int) -> JSON? { nil }
}
