/// Terminal-injection payloads, and the byte-for-byte check that none of them got through.
///
/// The payloads cover CSI, OSC 0/2 title sets, OSC 8 links, OSC 52 clipboard writes, DCS,
/// APC, PM and SOS strings, BEL, CR and BS overwrites, C1 controls (as UTF-8: a raw C1 byte is
/// invalid UTF-8 and never survives as one), DEL, bidi overrides and isolates, and NUL.
public enum InjectionCorpus {
    /// Each payload by name. `MARK` stands in every one, so a test can tell that the payload
    /// reached the output path it checks (as pictures or escapes) rather than being lost.
    public static let payloads: [(name: String, text: String)] = [
        ("CSI", "MARK\u{1B}[2J\u{1B}[31mred\u{1B}[0m"),
        ("OSC 0 title", "MARK\u{1B}]0;PWNTITLE\u{07}"),
        ("OSC 2 title", "MARK\u{1B}]2;PWNTITLE\u{1B}\\"),
        ("OSC 8 link", "MARK\u{1B}]8;;http://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\"),
        ("OSC 52 clipboard", "MARK\u{1B}]52;c;UFdORUQ=\u{07}"),
        ("DCS", "MARK\u{1B}Pq#0;2;0;0;0#0~~\u{1B}\\"),
        ("APC", "MARK\u{1B}_Gf=100;AAAA\u{1B}\\"),
        ("PM", "MARK\u{1B}^privacy\u{1B}\\"),
        ("SOS", "MARK\u{1B}Xstring\u{1B}\\"),
        ("BEL CR BS", "MARK\u{07}\rEVIL\u{08}\u{08}"),
        ("C1", "MARK\u{9B}2J\u{9D}0;PWNTITLE\u{9C}\u{90}q\u{9C}\u{85}"),
        ("DEL", "MARK\u{7F}\u{7F}"),
        ("bidi", "MARK\u{202E}txt.exe\u{202C}\u{2066}iso\u{2069}\u{202A}\u{202B}\u{202D}\u{2067}\u{2068}"),
        ("NUL", "MARK\u{0}after"),
    ]

    /// Every payload in one string.
    public static var all: String { payloads.map(\.text).joined(separator: " ") }

    /// Every payload without line breaks or NUL: for a reason phrase, a request line or a key
    /// file, which cannot hold them.
    public static var oneLine: String { String(all.filter { !"\r\n\r\n\u{0}".contains($0) }) }

    /// Every payload made safe for a URL path: no `/`, `?`, `#` or space.
    public static var urlSafe: String { String(oneLine.map { "/?# ".contains($0) ? "_" : $0 }) }

    /// The worst payloads (OSC 52, a title set, CSI, C1, bidi) in few enough bytes for a file
    /// name, which holds at most 255.
    public static var fileName: String {
        "MARK\u{1B}]52;c;UFdORUQ=\u{07}MARK\u{1B}]2;PWNTITLE\u{07}MARK\u{1B}[2J\u{9B}2J\u{9D}0;t\u{9C}MARK\u{202E}txt\u{2066}x\u{2069}\u{7F}"
    }

    /// What in `bytes` could drive a terminal: C0 controls other than `\n` and `\t`, DEL,
    /// C1 controls (invalid UTF-8 if raw, U+0080–U+009F if encoded), bidi overrides and
    /// isolates. Empty when the output is inert.
    public static func violations(in bytes: [UInt8]) -> [String] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return ["not valid UTF-8: a raw C1 byte, or a cut sequence"]
        }
        var found: [String] = []
        for scalar in text.unicodeScalars {
            let hex = "U+" + String(scalar.value, radix: 16, uppercase: true)
            switch scalar.value {
            case 0x0A, 0x09: continue
            case 0x00...0x1F: found.append("C0 \(hex)")
            case 0x7F: found.append("DEL")
            case 0x80...0x9F: found.append("C1 \(hex)")
            case 0x202A...0x202E, 0x2066...0x2069: found.append("bidi \(hex)")
            default: continue
            }
        }
        return found
    }
}
