/// A line of a key file that cannot be read as written, with the group it stands in.
public struct KeyFileLineProblem: Equatable, Sendable {
    /// 1-based.
    public var line: Int
    /// The group it stands in, as `KeyFile.groupNames` names it; nil before the first group.
    public var group: String?
    public var message: String
}

/// Looks at a key file line by line before GKeyFile does. GKeyFile refuses a whole file for
/// one bad line, names no line in its errors, and keeps what it does not understand (an
/// unknown escape, a trailing backslash, a localized key) without a word. Here each such line
/// is a problem of its own, with its number and group; it is blanked from what GKeyFile reads,
/// so the rest of the file still stands.
enum KeyFileScreen {
    /// The text GKeyFile may read (every line in its place, the bad ones empty), and the
    /// problems. A bad group header becomes a group of its own name, `invalid group at line N`,
    /// so that the keys under it do not fall into the group before.
    static func screen(_ bytes: [UInt8]) -> (text: String, problems: [KeyFileLineProblem]) {
        var lines: [String] = []
        var problems: [KeyFileLineProblem] = []
        var group: String?
        for (index, raw) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            func refuse(_ message: String) {
                problems.append(KeyFileLineProblem(line: number, group: group, message: message))
                lines.append("")
            }
            if raw.contains(0) {
                refuse("holds a NUL byte")
                continue
            }
            guard let text = String(validating: raw, as: UTF8.self) else {
                refuse("not UTF-8 text")
                continue
            }
            let line = text.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") {
                lines.append(text)
            } else if line.hasPrefix("[") {
                if let name = groupName(line) {
                    group = name
                    lines.append(text)
                } else {
                    group = "invalid group at line \(number)"
                    problems.append(KeyFileLineProblem(line: number, group: group, message: "\(line) is not a [group] line: a name in brackets, without [ ] or control characters"))
                    lines.append("[\(group!)]")
                }
            } else if let problem = keyValueProblem(line) {
                refuse(problem)
            } else if group == nil {
                refuse("\(line.prefix { $0 != "=" })= stands before any [group]")
            } else {
                lines.append(text)
            }
        }
        return (lines.joined(separator: "\n"), problems)
    }

    /// The name of a `[name]` line as GLib reads it (blanks after the `]` allowed), or nil.
    private static func groupName(_ line: Substring) -> String? {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed = trimmed.dropLast() }
        guard trimmed.hasSuffix("]") else { return nil }
        let name = trimmed.dropFirst().dropLast()
        guard !name.isEmpty, !name.contains(where: { $0 == "[" || $0 == "]" || $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }) else {
            return nil
        }
        return String(name)
    }

    /// What is wrong with a `key=value` line, or nil.
    private static func keyValueProblem(_ line: Substring) -> String? {
        guard let equals = line.firstIndex(of: "=") else {
            return "\(line) is not a key=value line, a [group] or a # comment"
        }
        let key = line[..<equals].trimmingCharacters(in: " \t")
        if key.isEmpty { return "a value without a key; write key=value" }
        if let open = key.firstIndex(of: "[") {
            return "\(key): localized keys are not read; write \(key[..<open])="
        }
        var value = line[line.index(after: equals)...].makeIterator()
        while let character = value.next() {
            guard character == "\\" else { continue }
            guard let escaped = value.next() else {
                return "\(key): the value ends in a lone backslash; write \\\\ for a backslash"
            }
            if !"sntr\\;".contains(escaped) {
                return "\(key): \\\(escaped) is not an escape a key file knows (\\s, \\n, \\t, \\r, \\\\, and \\; in a list); write \\\\ for a backslash"
            }
        }
        return nil
    }
}
