/// Whose URL `o` and `y` take.
package enum LinkTarget: Equatable {
    /// The item with these fields in source `index`'s list: its detail's URL.
    case item(Int, fields: [String: String])
    /// The detail on screen.
    case detail
    /// Source `index` itself, when what it shows is no list.
    case source(Int)
    /// An item shown whole: its url, link or href field.
    case record([String: String])
}
