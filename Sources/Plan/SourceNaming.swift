import Plugins
import TerminalText

/// Names for sources given only as URLs: the last part of the path, and as many parts before
/// it as it takes to tell the run's sources apart, or to say what an id belongs to.
package enum SourceNaming {
    /// A name for each URL, in order; different URLs may still share one, which the caller
    /// numbers.
    ///
    /// Each round, a URL whose name is shared with a URL of another path takes one more part.
    /// A round groups the names in a dictionary, so it costs O(n), not a comparison of every
    /// pair; rounds stop when nothing grows, at most as many as the deepest path has parts.
    package static func names(for urls: [String]) -> [String] {
        let parts = urls.map(segments)
        // An id alone says nothing: `/posts/1` is `posts-1`.
        var taken = parts.map { $0.count > 1 && isID($0.last!) ? 2 : 1 }
        var names = parts.indices.map { name(parts[$0], taking: taken[$0]) }
        while true {
            // For each name, the parts of the first URL that has it, and whether a URL of
            // other parts has it too: then every URL of that name clashes with one.
            var owners: [String: (parts: [String], shared: Bool)] = [:]
            for index in parts.indices {
                if let owner = owners[names[index]] {
                    if !owner.shared && owner.parts != parts[index] { owners[names[index]]!.shared = true }
                } else {
                    owners[names[index]] = (parts[index], false)
                }
            }
            var grown: [Int] = []
            for index in parts.indices where taken[index] < parts[index].count && owners[names[index]]!.shared {
                grown.append(index)
            }
            if grown.isEmpty { return names }
            for index in grown {
                taken[index] += 1
                names[index] = name(parts[index], taking: taken[index])
            }
        }
    }

    /// The name for one URL alone.
    package static func name(for url: String) -> String {
        names(for: [url])[0]
    }

    /// The path's segments, or the host when the path has none; `stdin` for `-`.
    ///
    /// Worked out on the URL's bytes: a run of 10,000 URLs names them all, and Character-wise
    /// splitting and searching cost 40 µs a URL.
    package static func segments(of url: String) -> [String] {
        if url == "-" { return ["stdin"] }
        let bytes = Array(url.utf8)
        let question = UInt8(ascii: "?"), slash = UInt8(ascii: "/"), colon = UInt8(ascii: ":")
        // The path is the first run of text between `?`s.
        var start = bytes.firstIndex { $0 != question } ?? bytes.count
        let end = bytes[start...].firstIndex(of: question) ?? bytes.count
        var index = start
        while index + 2 < end {
            if bytes[index] == colon && bytes[index + 1] == slash && bytes[index + 2] == slash {
                start = index + 3
                break
            }
            index += 1
        }
        let segments = bytes[start..<end].split(separator: slash).map { String(decoding: $0, as: UTF8.self) }
        return segments.count > 1 ? Array(segments.dropFirst()) : segments.isEmpty ? [url] : segments
    }

    package static func name(_ segments: [String], taking count: Int) -> String {
        // The name prefixes every message about the source: only printable characters, so a
        // URL cannot smuggle an escape into it, and cut after filtering, never inside one.
        let name = UntrustedText.asName(segments.suffix(count).joined(separator: "-"), limit: 40)
        return name.isEmpty ? "url" : name
    }

    /// A number, or a long run of hex digits (a hash, a UUID): an id, not a name.
    package static func isID(_ segment: String) -> Bool {
        // ASCII, as nearly every path is, on its bytes: Character by Character, with the dashes
        // filtered into a new String, it was a third of naming a URL.
        let bytes = segment.utf8
        if bytes.allSatisfy({ $0 < 0x80 }) {
            if !bytes.isEmpty && bytes.allSatisfy({ (0x30...0x39).contains($0) }) { return true }
            var hexDigits = 0
            for byte in bytes where byte != UInt8(ascii: "-") {
                // `| 0x20` lowercases a letter and leaves a digit as it is.
                guard (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte | 0x20) else { return false }
                hexDigits += 1
            }
            return hexDigits >= 16
        }
        if !segment.isEmpty && segment.allSatisfy(\.isNumber) { return true }
        let hex = segment.filter { $0 != "-" }
        return hex.count >= 16 && hex.allSatisfy(\.isHexDigit)
    }
}
