import Plugins
import TerminalText
import TestSupport

/// A field and the posts view as they were drawn before the fast paths, over
/// `ReferenceText`'s text passes: the oracle `PostsViewTests` holds `PostsPlugin.render` to.
extension ReferenceText {
    /// A field: `TerminalText.wrapField`, the plugins' cut to `fieldLimit` first.
    static func wrapField(_ text: String, width: Int) -> [String] {
        wrap(forTerminal(TerminalText.bounded(text)), width: width)
    }

    /// The posts view: `PostsPlugin.render`.
    static func renderPosts(_ posts: [Post], context: RenderContext) -> String {
        let idWidth = posts.map { String($0.id).count }.max() ?? 1
        let indent = String(repeating: " ", count: idWidth + 2)
        let textWidth = max(context.width - indent.count, 10)
        var out = ""
        for post in posts {
            let id = String(post.id)
            for (index, line) in wrapField(post.title, width: textWidth).enumerated() {
                let lead = index == 0 ? String(repeating: " ", count: idWidth - id.count) + id + "  " : indent
                out += lead + TextStyle.bold.apply(line, in: context) + "\n"
            }
            if let first = firstLine(of: post.body) {
                for line in wrapField(first, width: textWidth) {
                    out += indent + TextStyle.dim.apply(line, in: context) + "\n"
                }
            }
        }
        return out
    }
}
