public import Loader

/// OPML, the list of feeds feed readers import and export: each `outline` with an `xmlUrl`
/// is a feed, named by its `text` (or `title`), inside the outlines that hold it (folders).
public enum OPML {
    public struct Outline: Equatable, Sendable {
        public var title: String
        public var feedURL: String
        /// The titles of the outlines around it, outermost first.
        public var folders: [String]

        public init(title: String, feedURL: String, folders: [String] = []) {
            self.title = title
            self.feedURL = feedURL
            self.folders = folders
        }
    }

    /// The feeds of the OPML document in `body`, in its order; `url` resolves relative ones.
    /// An outline whose `xmlUrl` cannot be made a URL is left out (`unreadable` counts them).
    public static func outlines(in body: [UInt8], url: String) throws(DecodeFailure) -> (outlines: [Outline], unreadable: Int) {
        guard let document = try XMLDocument.read(body, url: url, charset: nil, kind: "OPML") else { throw DecodeFailure("is not XML") }
        return try withExtendedLifetime(document) { () throws(DecodeFailure) -> (outlines: [Outline], unreadable: Int) in
            guard let root = document.root, root.name == "opml", let body = root.child("body", in: nil) else {
                throw DecodeFailure("is not OPML: its root is no opml element with a body")
            }
            var found: [Outline] = []
            var unreadable = 0
            gather(body, folders: [], into: &found, unreadable: &unreadable, depth: 0)
            return (found, unreadable)
        }
    }

    private static func gather(_ element: XMLElement, folders: [String], into found: inout [Outline], unreadable: inout Int, depth: Int) {
        guard depth < XMLElement.maxDepth else { return }
        for outline in element.children where outline.name == "outline" {
            let title = Whitespace.collapsed(outline.attribute("text") ?? outline.attribute("title") ?? "")
            if let reference = outline.attribute("xmlUrl") {
                if let feed = outline.resolve(reference), URLParts(feed) != nil || URLParts.scheme(of: feed) == "file" {
                    found.append(Outline(title: title.isEmpty ? feed : title, feedURL: feed, folders: folders))
                } else {
                    unreadable += 1
                }
            }
            gather(outline, folders: title.isEmpty ? folders : folders + [title], into: &found, unreadable: &unreadable, depth: depth + 1)
        }
    }

    /// An OPML 2.0 document listing `feeds`, each as an outline of type rss.
    public static func document(title: String, feeds: [(title: String, url: String)]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
        out += "    <title>\(escaped(title))</title>\n  </head>\n  <body>\n"
        for feed in feeds {
            out += "    <outline type=\"rss\" text=\"\(escaped(feed.title))\" title=\"\(escaped(feed.title))\" xmlUrl=\"\(escaped(feed.url))\"/>\n"
        }
        return out + "  </body>\n</opml>\n"
    }

    /// `text` as XML attribute and element content may hold it.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            // XML 1.0 has no way to write most control characters: they are left out.
            case "\t", "\n", "\r": out += "&#\(scalar.value);"
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
