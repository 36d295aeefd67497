/// How a response's headers frame its body, judged before the body is read: the cases RFC 9112
/// §6.3 tells a client to refuse, which libsoup 3.2 reads past.
///
/// libsoup takes the last of two Content-Length headers, and a negative or overflowing one as
/// no length at all (the body then runs to the connection's end). Either way a body that
/// happens to parse would pass as the server's answer.
public enum ResponseFraming {
    /// What is wrong with the framing `headers` declare, as the end of a sentence whose
    /// subject is the server (`sent conflicting Content-Length headers (44 and 49)`); nil
    /// when nothing is.
    public static func problem(in headers: HTTPHeaders) -> String? {
        // Repeated headers and comma-separated lists are the same thing (RFC 9110 §5.3).
        var values: [Substring] = []
        for header in headers where HTTPHeaders.sameName(header.name, "content-length") {
            values += header.value.split(separator: ",", omittingEmptySubsequences: false).map(trimmed)
        }
        guard !values.isEmpty else { return nil }
        if let invalid = values.first(where: { contentLength($0) == nil }) {
            return "sent an invalid Content-Length (\(invalid.isEmpty ? "empty" : String(invalid.prefix(40))))"
        }
        // Identical repeats ("42, 42") are allowed; different ones leave the body's end unknown.
        var distinct: [Substring] = []
        for value in values where !distinct.contains(where: { contentLength($0) == contentLength(value) }) {
            distinct.append(value)
        }
        guard distinct.count > 1 else { return nil }
        let listed = distinct.prefix(3).map(String.init)
        let named = listed.count == 2 ? "\(listed[0]) and \(listed[1])" : listed.joined(separator: ", ") + (distinct.count > 3 ? ", …" : "")
        return "sent conflicting Content-Length headers (\(named))"
    }

    /// A Content-Length's value: 1*DIGIT within Int64, or nil.
    static func contentLength(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isSpace($0) }), let end = text.lastIndex(where: { !isSpace($0) }) else {
            return text[text.endIndex...]
        }
        return text[start...end]
    }
}
