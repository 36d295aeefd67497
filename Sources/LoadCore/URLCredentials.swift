/// Passwords in URLs, hidden wherever a URL is shown: `https://ada:s3cret@host/` is shown as
/// `https://ada:***@host/`, as `-v` already hides an `Authorization` header.
public enum URLCredentials {
    /// `text` with the password of every `scheme://user:password@` in it replaced by `***`.
    /// The user stays, so the reader can tell which account a URL is for; a URL without a
    /// password is left as it is. Text with no URL in it comes back unchanged, cheaply.
    public static func masked(_ text: String) -> String {
        // A password needs its `@`: a byte scan rules most text out before the slower search
        // (a sources file of 80,000 lines masks each URL it shows).
        guard text.utf8.contains(UInt8(ascii: "@")), text.contains("://") else { return text }
        var scalars = Array(text.unicodeScalars)
        var index = 0
        var changed = false
        while index + 2 < scalars.count {
            guard scalars[index] == ":", scalars[index + 1] == "/", scalars[index + 2] == "/" else {
                index += 1
                continue
            }
            let start = index + 3
            // The authority runs to the path, query or fragment, or to whatever cannot be in a
            // URL (space, quote, angle bracket): `<https://a:b@h/>` in a Link header.
            var end = start
            while end < scalars.count, !authorityEnds(scalars[end]) { end += 1 }
            if let at = scalars[start..<end].lastIndex(of: "@"),
               let colon = scalars[start..<at].firstIndex(of: ":"),
               !scalars[(colon + 1)..<at].elementsEqual("***".unicodeScalars) {
                scalars.replaceSubrange((colon + 1)..<at, with: "***".unicodeScalars)
                changed = true
                end = colon + 4 + (end - at)
            }
            index = max(end, index + 3)
        }
        guard changed else { return text }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    private static func authorityEnds(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "/", "?", "#", " ", "\t", "\n", "\"", "'", "<", ">", "`": true
        default: false
        }
    }
}
