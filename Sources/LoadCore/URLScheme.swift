/// The scheme of a URL, read as RFC 3986 writes it (a letter, then letters, digits, `+`, `-`
/// and `.`, then `:`), lowercased: what GLib's `g_uri_peek_scheme` gives, with no C library,
/// for the values that judge links (the screen's `LinkTarget`).
public enum URLScheme {
    /// The scheme of `url`, lowercased, or nil when it has none.
    public static func of(_ url: String) -> String? {
        var scheme: [UInt8] = []
        for byte in url.utf8 {
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isLater = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if isLetter || (!scheme.isEmpty && isLater) {
                scheme.append(isLetter ? byte | 0x20 : byte)
                continue
            }
            return byte == UInt8(ascii: ":") && !scheme.isEmpty ? String(decoding: scheme, as: UTF8.self) : nil
        }
        return nil
    }

    /// Whether `url` is an http or https URL.
    public static func isWeb(_ url: String) -> Bool {
        let scheme = of(url)
        return scheme == "http" || scheme == "https"
    }
}
