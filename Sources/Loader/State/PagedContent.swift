/// What a source's machine needs of its content: a name for messages, how many items a page
/// holds, and how pages join.
public protocol PagedContent {
    /// The plugin that decoded it, for messages.
    var pluginName: String { get }
    /// How many items it holds, for lists; an empty page ends paging by page number.
    var itemCount: Int? { get }
    /// This content with `next`'s items appended; nil when it does not come in pages.
    func appending(_ next: Self) -> Self?
}

extension AnyContent: PagedContent {}
