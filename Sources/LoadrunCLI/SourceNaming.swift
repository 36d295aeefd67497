import Plugins

/// Names for sources given only as URLs: the last part of the path, and as many parts before
/// it as it takes to tell the run's sources apart, or to say what an id belongs to.
enum SourceNaming {
    /// A name for each URL, in order; different URLs may still share one, which the caller
    /// numbers.
    static func names(for urls: [String]) -> [String] {
        let parts = urls.map(segments)
        // An id alone says nothing: `/posts/1` is `posts-1`.
        var taken = parts.map { $0.count > 1 && isID($0.last!) ? 2 : 1 }
        while true {
            let names = parts.indices.map { name(parts[$0], taking: taken[$0]) }
            var grew = false
            for index in parts.indices where taken[index] < parts[index].count {
                let clash = parts.indices.contains { $0 != index && names[$0] == names[index] && parts[$0] != parts[index] }
                if clash {
                    taken[index] += 1
                    grew = true
                }
            }
            if !grew { return names }
        }
    }

    /// The name for one URL alone.
    static func name(for url: String) -> String {
        names(for: [url])[0]
    }

    /// The path's segments, or the host when the path has none; `stdin` for `-`.
    private static func segments(of url: String) -> [String] {
        if url == "-" { return ["stdin"] }
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        let afterScheme = path.firstRange(of: "://").map { path[$0.upperBound...] } ?? path[...]
        let segments = afterScheme.split(separator: "/").map(String.init)
        return segments.count > 1 ? Array(segments.dropFirst()) : segments.isEmpty ? [url] : segments
    }

    private static func name(_ segments: [String], taking count: Int) -> String {
        // The name prefixes every message about the source: only printable characters, so a
        // URL cannot smuggle an escape into it, and cut after filtering, never inside one.
        let name = UntrustedText.asName(segments.suffix(count).joined(separator: "-"), limit: 40)
        return name.isEmpty ? "url" : name
    }

    /// A number, or a long run of hex digits (a hash, a UUID): an id, not a name.
    private static func isID(_ segment: String) -> Bool {
        if !segment.isEmpty && segment.allSatisfy(\.isNumber) { return true }
        let hex = segment.filter { $0 != "-" }
        return hex.count >= 16 && hex.allSatisfy(\.isHexDigit)
    }
}
