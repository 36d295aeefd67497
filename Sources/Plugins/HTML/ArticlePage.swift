internal import TerminalText
/// A web page's blocks as terminal text: headings set off in bold, paragraphs wrapped, list
/// items under their markers, preformatted lines kept, and the links listed under the page.
/// On a screen a preformatted line or a link longer than the width is cut with `…`; with no
/// screen to fit (a pipe, as `lynx -dump` writes a page) each is whole.
enum ArticlePage {
    /// How link `number` is marked in the text and in the list under it: `[L3]`, as w3m marks
    /// links, so that it cannot be taken for the page's own footnote marks (`[3]`).
    static func linkMark(_ number: Int) -> String { "[L\(number)]" }

    static func render(_ blocks: [ArticleBlock], links: [String], context: RenderContext) -> String {
        var out = ""
        var previousWasItem = false
        for block in blocks {
            if context.shouldStop() { break }
            switch block {
            case .heading(_, let text):
                out += "\n"
                for line in context.wrapField(text, width: context.width) { out += TextStyle.bold.apply(line, in: context) + "\n" }
                previousWasItem = false
            case .paragraph(let text):
                out += "\n"
                for line in context.wrapField(text, width: context.width) { out += line + "\n" }
                previousWasItem = false
            case .item(let marker, let depth, let text):
                if !previousWasItem { out += "\n" }
                let indent = min(depth * 2, context.width / 2)
                let lead = String(repeating: " ", count: indent) + marker + " "
                let hanging = String(repeating: " ", count: lead.count)
                for (index, line) in context.wrapField(text, width: max(context.width - lead.count, 10)).enumerated() {
                    out += (index == 0 ? lead : hanging) + line + "\n"
                }
                previousWasItem = true
            case .preformatted(let text):
                out += "\n"
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    out += fitted(UntrustedText.forTerminalLine(TerminalText.expandingTabs(String(line))), width: context.width, context) + "\n"
                }
                previousWasItem = false
            }
        }
        if !links.isEmpty {
            out += "\n" + TextStyle.bold.apply("Links", in: context) + "\n"
            let width = linkMark(links.count).count
            for (index, link) in links.enumerated() {
                let number = linkMark(index + 1)
                let lead = String(repeating: " ", count: width - number.count) + number + " "
                out += lead + fitted(UntrustedText.forTerminalLine(link), width: context.width - lead.count, context) + "\n"
            }
        }
        return out
    }

    /// `line` cut to `width` on a screen; whole with no screen to fit.
    private static func fitted(_ line: String, width: Int, _ context: RenderContext) -> String {
        context.hasScreenWidth ? TerminalText.truncated(TerminalText.bounded(line), toWidth: width) : line
    }
}
