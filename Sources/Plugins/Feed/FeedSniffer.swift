/// A look at the start of an XML body for its root element, without parsing it: past a byte
/// order mark, the XML declaration, processing instructions, comments and a DOCTYPE.
enum FeedSniffer {
    /// Whether the root element is `rss`, `feed` or (any prefix) `RDF`.
    static func rootIsFeed(_ body: [UInt8]) -> Bool {
        guard let name = rootName(body) else { return false }
        let local = name.split(separator: ":").last.map(String.init) ?? name
        return local == "rss" || local == "feed" || local == "RDF"
    }

    /// The root element's name as written, from the first 4 KiB.
    static func rootName(_ body: [UInt8]) -> String? {
        let head = Array(body.prefix(4096))
        var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < head.count {
            let byte = head[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<"), index + 1 < head.count else { return nil }
            let next = head[index + 1]
            if next == UInt8(ascii: "?") {
                guard let end = find([UInt8(ascii: "?"), UInt8(ascii: ">")], in: head, from: index) else { return nil }
                index = end + 2
            } else if head[index...].starts(with: Array("<!--".utf8)) {
                guard let end = find(Array("-->".utf8), in: head, from: index) else { return nil }
                index = end + 3
            } else if next == UInt8(ascii: "!") {
                // A DOCTYPE, with its internal subset in brackets when it has one.
                var depth = 0
                var cursor = index + 2
                while cursor < head.count {
                    if head[cursor] == UInt8(ascii: "[") { depth += 1 }
                    if head[cursor] == UInt8(ascii: "]") { depth -= 1 }
                    if head[cursor] == UInt8(ascii: ">") && depth <= 0 { break }
                    cursor += 1
                }
                index = cursor + 1
            } else {
                let start = index + 1
                var end = start
                while end < head.count, !(head[end] == 0x20 || head[end] == 0x09 || head[end] == 0x0A || head[end] == 0x0D
                                         || head[end] == UInt8(ascii: ">") || head[end] == UInt8(ascii: "/")) { end += 1 }
                return end > start ? String(decoding: head[start..<end], as: UTF8.self) : nil
            }
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0...].starts(with: needle) }
    }
}
