internal import Loader

/// One block of a page's text, in reading order.
public enum ArticleBlock: Equatable, Sendable {
    case heading(level: Int, text: String)
    case paragraph(String)
    /// A list item: `•` or its number, nested `depth` lists deep (from 0).
    case item(marker: String, depth: Int, text: String)
    /// Text whose lines and spaces are kept (`<pre>`).
    case preformatted(String)

    /// The block as plain text, for `--output json`'s body.
    var plainText: String {
        switch self {
        case .heading(_, let text), .paragraph(let text), .preformatted(let text): text
        case .item(let marker, let depth, let text): String(repeating: "  ", count: depth) + marker + " " + text
        }
    }
}
