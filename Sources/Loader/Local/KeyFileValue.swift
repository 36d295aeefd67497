/// A key file's value as GKeyFile reads it: escapes decoded, and a list split at its `;`s.
enum KeyFileValue {
    /// A value's bytes decoded as `g_key_file_parse_value_as_string` decodes them: `\s \n \t
    /// \r \\`; any other escape (`\;`, which a list reads) is kept as written.
    static func decoded(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var escaped = false
        for byte in raw {
            if escaped {
                switch byte {
                case UInt8(ascii: "s"): decoded.append(0x20)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
                default: decoded += [UInt8(ascii: "\\"), byte]
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                decoded.append(byte)
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// A decoded value as a `;`-separated list, trimmed, without empty entries; `\;` stands for
    /// a `;` inside an entry, as in GLib's own lists.
    static func listed(_ text: String) -> [String] {
        var entries: [String] = []
        var entry = ""
        var escaped = false
        for character in text {
            if escaped {
                entry.append(character == ";" ? ";" : "\\\(character)")
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ";" {
                entries.append(entry)
                entry = ""
            } else {
                entry.append(character)
            }
        }
        if escaped { entry.append("\\") }
        entries.append(entry)
        return entries.map { $0.trimmingCharacters(in: " \t") }.filter { !$0.isEmpty }
    }
}
