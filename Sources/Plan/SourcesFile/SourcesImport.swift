package import Plugins

/// What `loadrun sources --import FILE.opml` adds to the sources file: a `[source NAME]` group
/// for each feed that no source loads yet, with `plugin=feed`. The name comes from the feed's
/// title, made a source name (letters, digits, `-`, `_` and `.`) and unique; the folders
/// around it in the list go before it, joined by dots (`news.bbc`).
package struct SourcesImport {
    /// The sources added, in the list's order.
    package private(set) var added: [(name: String, url: String)] = []
    /// Feeds left out because a source already loads their URL (or an earlier one of the list).
    package private(set) var alreadyThere = 0

    /// The groups for `feeds`, given the sources there are (`existing`: name and URL).
    package init(feeds: [OPML.Outline], existing: [(name: String, url: String?)]) {
        var names = Set(existing.map { $0.name.lowercased() })
        var urls = Set(existing.compactMap(\.url))
        for feed in feeds {
            guard urls.insert(feed.feedURL).inserted else {
                alreadyThere += 1
                continue
            }
            let name = Self.name(title: feed.title, folders: feed.folders, taken: names)
            names.insert(name.lowercased())
            added.append((name, feed.feedURL))
        }
    }

    /// The text to append to the sources file: the groups, after a blank line each.
    package var text: String {
        added.map { "\n[source \($0.name)]\nurl=\(Self.keyFileValue($0.url))\nplugin=feed\n" }.joined()
    }

    /// `title` under `folders` as a source name no other source has, compared without case.
    package static func name(title: String, folders: [String], taken: Set<String>) -> String {
        let parts = (folders + [title]).map(slug).filter { !$0.isEmpty }
        let base = parts.isEmpty ? "feed" : parts.joined(separator: ".")
        guard taken.contains(base.lowercased()) else { return base }
        var number = 2
        while taken.contains("\(base)-\(number)".lowercased()) { number += 1 }
        return "\(base)-\(number)"
    }

    /// Letters and digits kept (ASCII), every other run of characters one `-`, none at the ends.
    private static func slug(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for character in text {
            if character.isASCII && (character.isLetter || character.isNumber || character == "_") {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.append(character)
            } else {
                pendingDash = true
            }
        }
        return String(out.prefix(60))
    }

    /// `value` as a GLib key file writes it: backslashes doubled, a leading space escaped.
    private static func keyFileValue(_ value: String) -> String {
        var escaped = value.replacingBackslashes
        if escaped.hasPrefix(" ") { escaped = "\\s" + escaped.dropFirst() }
        return escaped
    }
}

private extension String {
    var replacingBackslashes: String {
        var out = ""
        for character in self {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.append(character)
            }
        }
        return out
    }
}
