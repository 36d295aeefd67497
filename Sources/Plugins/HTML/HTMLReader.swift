internal import CLibXML2
internal import Loader

/// Reads HTML as `lynx -dump` does, with libxml2's HTML parser: the title, the main text as
/// headings, paragraphs, list items and preformatted blocks (`<script>` and `<style>` dropped),
/// and each link numbered in the text (`[L3]`, as w3m marks them) and listed.
enum HTMLReader {
    /// More tags than any real page has: past this, a body is refused before libxml2 builds a
    /// tree for it (a tag costs the tree about 150 bytes).
    static let maxTags = 500_000
    /// Nesting past this is read as flat text: deeper elements add no structure worth a stack.
    static let maxDepth = 256
    /// Elements whose text a page does not show as text: scripts, styles, embedded objects.
    static let hiddenElements: Set<String> = ["script", "style", "noscript", "template", "head", "svg", "iframe", "object", "button", "select"]

    static func isHTML(_ mediaType: String) -> Bool {
        mediaType == "text/html" || mediaType == "application/xhtml+xml"
    }

    /// Whether an untyped body looks like a web page.
    static func looksLikeHTML(_ body: [UInt8]) -> Bool {
        let head = String(decoding: body.prefix(256), as: UTF8.self).lowercased()
        let start = head.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }

    static func read(_ body: [UInt8], url: String, charset: String?) throws(DecodeFailure) -> Article {
        let tags = body.reduce(0) { $1 == UInt8(ascii: "<") ? $0 + 1 : $0 }
        guard tags <= maxTags else {
            throw DecodeFailure("is HTML with more than \(maxTags) tags, more than loadrun reads", suggestion: "open it in a browser")
        }
        if let problem = lr_xml_open() {
            throw DecodeFailure("is HTML, and loadrun's HTML reader, libxml2, cannot be loaded (\(String(cString: problem)))",
                                suggestion: "install libxml2 (apt-get install libxml2)")
        }
        let document = body.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                lr_html_read(chars.baseAddress, Int32(chars.count), url, charset)
            }
        }
        guard let document else { throw DecodeFailure("is not HTML that libxml2 can read") }
        defer { lr_xml_free_document(document) }
        var walker = Walker(base: url)
        var excerpt: String?
        if let root = lr_xml_root(document) {
            let meta = Walker.meta(in: root)
            excerpt = meta["description"] ?? meta["og:description"]
            walker.title = Walker.find("title", in: root).map { Whitespace.collapsed(Walker.text(of: $0)) }.flatMap { $0.isEmpty ? nil : $0 }
                ?? meta["og:title"]
            walker.read(Walker.find("main", in: root) ?? Walker.find("article", in: root) ?? Walker.find("body", in: root) ?? root, depth: 0)
            walker.flush()
        }
        var blocks = walker.blocks
        let firstHeading = blocks.firstIndex { if case .heading = $0 { true } else { false } }
        let title = walker.title ?? firstHeading.map { blocks[$0].plainText } ?? ""
        // A page's headline is most often its title again (`<title>Headline - Site</title>`
        // over `<h1>Headline</h1>`): shown under the title, it would be said twice.
        if let firstHeading, repeats(title, blocks[firstHeading].plainText) { blocks.remove(at: firstHeading) }
        return Article(title: title, body: blocks.map(\.plainText).joined(separator: "\n\n"), blocks: blocks, links: walker.links,
                       excerpt: excerpt)
    }

    /// The text of an HTML fragment (a feed entry's summary) by the rules of a page's text: its
    /// blocks' plain text, a blank line between them, links unmarked. Text with no markup and
    /// no reference comes back with its spaces collapsed.
    static func plainText(ofFragment html: String, base: String) -> String {
        guard html.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }), lr_xml_open() == nil else {
            return Whitespace.collapsed(html)
        }
        return walk(fragment: html, base: base, marksLinks: false)?.blocks.map(\.plainText).joined(separator: "\n\n") ?? ""
    }

    /// An HTML fragment (a feed entry's content) read as a page's text is: its blocks, its
    /// links numbered in the text and listed after `links`, which the first marks count on
    /// from (a feed entry's own page is its `[L1]`). Text with no markup is one paragraph.
    static func fragment(_ html: String, base: String, after links: [String]) -> (blocks: [ArticleBlock], links: [String]) {
        guard lr_xml_open() == nil else { return ([.paragraph(Whitespace.collapsed(html))], links) }
        guard let walker = walk(fragment: html, base: base, marksLinks: true, after: links) else { return ([], links) }
        return (walker.blocks, walker.links)
    }

    /// The walk over an HTML fragment's body, once libxml2 has read it; nil when it cannot.
    private static func walk(fragment html: String, base: String, marksLinks: Bool, after links: [String] = []) -> Walker? {
        let bytes = Array(html.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lr_html_read($0.baseAddress, Int32($0.count), base, "UTF-8") }
        }
        guard let document else { return nil }
        defer { lr_xml_free_document(document) }
        var walker = Walker(base: base)
        walker.marksLinks = marksLinks
        walker.links = links
        if let root = lr_xml_root(document) {
            walker.read(Walker.find("body", in: root) ?? root, depth: 0)
            walker.flush()
        }
        return walker
    }

    /// What stands between a headline and the site's name in a page's title.
    private static let titleSeparators = [" - ", " | ", " – ", " — ", ": ", " · ", " :: "]

    /// Whether `heading` says what `title` says: the same words, or the words with the site's
    /// name before or after them.
    static func repeats(_ title: String, _ heading: String) -> Bool {
        let title = title.lowercased(), heading = heading.lowercased()
        guard !heading.isEmpty else { return false }
        return title == heading
            || titleSeparators.contains { title.hasPrefix(heading + $0) || title.hasSuffix($0 + heading) }
    }
}

/// A walk over libxml2's tree that gathers blocks of text and links.
private struct Walker {
    let base: String
    var title: String?
    var blocks: [ArticleBlock] = []
    var links: [String] = []
    private var inline = ""
    /// Open lists: ordered or not, and the next number.
    private var lists: [(ordered: Bool, next: Int)] = []
    private var pendingItem: String?
    /// Whether links are numbered in the text (`[L3]`) and listed, as a page's are.
    var marksLinks = true

    init(base: String) { self.base = base }

    private static let blockElements: Set<String> = [
        "p", "div", "section", "article", "main", "header", "footer", "nav", "aside", "blockquote", "table", "tr",
        "form", "figure", "figcaption", "dl", "dt", "dd", "address", "hr", "center", "br", "body", "fieldset", "details", "summary",
    ]

    mutating func read(_ node: OpaquePointer, depth: Int) {
        var child = lr_xml_first_child(node)
        while let current = child {
            visit(current, depth: depth + 1)
            child = lr_xml_next_sibling(current)
        }
    }

    private mutating func visit(_ node: OpaquePointer, depth: Int) {
        switch lr_xml_kind(node) {
        case LR_XML_TEXT:
            if let content = lr_xml_text(node) { appendInline(String(cString: content)) }
            return
        case LR_XML_ELEMENT:
            break
        default:
            return
        }
        let name = lr_xml_name(node).map { String(cString: $0).lowercased() } ?? ""
        if HTMLReader.hiddenElements.contains(name) { return }
        guard depth < HTMLReader.maxDepth else { return appendInline(Self.text(of: node)) }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            flush()
            let text = Whitespace.collapsed(Self.text(of: node))
            if !text.isEmpty { blocks.append(.heading(level: Int(String(name.dropFirst())) ?? 1, text: text)) }
        case "pre":
            flush()
            let text = Self.text(of: node)
            if !text.isEmpty { blocks.append(.preformatted(text.hasSuffix("\n") ? String(text.dropLast()) : text)) }
        case "ul", "ol", "menu":
            flush()
            lists.append((name == "ol", 1))
            read(node, depth: depth)
            flush()
            lists.removeLast()
        case "li":
            flush()
            if lists.isEmpty { lists.append((false, 1)) }
            let marker = lists[lists.count - 1].ordered ? "\(lists[lists.count - 1].next)." : "•"
            lists[lists.count - 1].next += 1
            pendingItem = marker
            read(node, depth: depth)
            flush()
        case "a":
            read(node, depth: depth)
            if marksLinks, let href = Self.attribute("href", of: node), !href.hasPrefix("#"), !href.lowercased().hasPrefix("javascript:"),
               let target = URLParts.resolve(href, against: base) {
                links.append(target)
                inline += ArticlePage.linkMark(links.count)
            }
        case "img":
            if let alt = Self.attribute("alt", of: node), !alt.isEmpty { appendInline("[\(alt)]") }
        case "td", "th":
            appendInline(" ")
            read(node, depth: depth)
            appendInline(" ")
        default:
            let isBlock = Self.blockElements.contains(name)
            if isBlock { flush() }
            read(node, depth: depth)
            if isBlock { flush() }
        }
    }

    private mutating func appendInline(_ text: String) {
        guard !text.isEmpty else { return }
        inline += text
    }

    /// Ends the paragraph (or list item) being gathered.
    mutating func flush() {
        let text = Whitespace.collapsed(inline)
        inline = ""
        if let marker = pendingItem {
            pendingItem = nil
            if !text.isEmpty { blocks.append(.item(marker: marker, depth: max(lists.count - 1, 0), text: text)) }
        } else if !text.isEmpty {
            blocks.append(.paragraph(text))
        }
    }

    /// All the text under `node`, as libxml2 joins it (scripts included: call it on what has none).
    static func text(of node: OpaquePointer) -> String {
        guard let content = lr_xml_content(node) else { return "" }
        defer { lr_xml_free(content) }
        return String(cString: content)
    }

    static func attribute(_ name: String, of node: OpaquePointer) -> String? {
        XMLElement.attribute(name, of: node)?.trimmingCharacters(in: " \t\n")
    }

    /// The page's `<meta>` values by name or property, lowercased (`description`,
    /// `og:description`, `og:title`: mozilla/readability's excerpt and title), each the first
    /// of its name, its spaces collapsed, cut to a paragraph's length.
    static func meta(in root: OpaquePointer) -> [String: String] {
        guard let head = find("head", in: root) else { return [:] }
        var described: [String: String] = [:]
        var child = lr_xml_first_child(head)
        while let node = child {
            child = lr_xml_next_sibling(node)
            guard lr_xml_kind(node) == LR_XML_ELEMENT, let tag = lr_xml_name(node), String(cString: tag).lowercased() == "meta",
                  let key = (attribute("name", of: node) ?? attribute("property", of: node))?.lowercased(),
                  let content = attribute("content", of: node) else { continue }
            let text = Whitespace.collapsed(content)
            if !text.isEmpty, described[key] == nil { described[key] = String(text.prefix(maxDescription)) }
        }
        return described
    }

    /// The most characters of a page's description shown.
    static let maxDescription = 1000

    /// The first element called `name` under `node`, breadth first, within the depth limit.
    static func find(_ name: String, in node: OpaquePointer) -> OpaquePointer? {
        var level: [OpaquePointer] = [node]
        for _ in 0..<HTMLReader.maxDepth where !level.isEmpty {
            var next: [OpaquePointer] = []
            for candidate in level {
                if lr_xml_kind(candidate) == LR_XML_ELEMENT, let tag = lr_xml_name(candidate), String(cString: tag).lowercased() == name {
                    return candidate
                }
                var child = lr_xml_first_child(candidate)
                while let current = child {
                    next.append(current)
                    child = lr_xml_next_sibling(current)
                }
            }
            level = next
        }
        return nil
    }
}
