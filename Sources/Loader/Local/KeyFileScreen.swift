/// Looks at a key file line by line before GKeyFile does. GKeyFile refuses a whole file for
/// one bad line, names no line in its errors, and keeps what it does not understand (an
/// unknown escape, a trailing backslash, a localized key) without a word. Here each such line
/// is a problem of its own, with its number and group; it is blanked from what GKeyFile reads,
/// so the rest of the file still stands.
enum KeyFileScreen {
    /// The bytes GKeyFile may read (every line in its place, the bad ones empty), and the
    /// problems. A bad group header becomes a group of its own name, `invalid group at line N`,
    /// so that the keys under it do not fall into the group before.
    static func screen(_ bytes: [UInt8]) -> (bytes: [UInt8], problems: [KeyFileLineProblem]) {
        // Bytes in, bytes out: a file of 80,000 lines is screened without a String per line.
        // Copied only from the first line that changes: a file without one is its own output.
        var output: [UInt8]?
        func diverge(at start: Int) {
            guard output == nil else { return }
            output = Array(bytes[..<start])
            output?.reserveCapacity(bytes.count)
        }
        var problems: [KeyFileLineProblem] = []
        var group: String?
        // Line by line as `split(separator:omittingEmptySubsequences: false)` cuts them, without
        // its array of every line's slice (16 MB for a file of 500,000 lines).
        var lineStart = bytes.startIndex
        var index = 0
        while lineStart <= bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: newline) ?? bytes.endIndex
            let raw = bytes[lineStart..<lineEnd]
            defer {
                lineStart = lineEnd + 1
                index += 1
            }
            let number = index + 1
            if index > 0 { output?.append(newline) }
            func refuse(_ message: String) {
                diverge(at: raw.startIndex)
                problems.append(KeyFileLineProblem(line: number, group: group, message: message))
            }
            if raw.contains(0) {
                refuse("holds a NUL byte")
                continue
            }
            guard raw.allSatisfy({ $0 < 0x80 }) || String(validating: raw, as: UTF8.self) != nil else {
                refuse("not UTF-8 text")
                continue
            }
            let line = raw.drop { $0 == space || $0 == tab }
            // A blank line of a file written on Windows is a lone CR.
            if line.allSatisfy({ $0 == UInt8(ascii: "\r") }) || line.first == UInt8(ascii: "#") {
                output? += raw
            } else if line.first == UInt8(ascii: "[") {
                if let name = groupName(line) {
                    group = name
                    output? += raw
                } else {
                    group = "invalid group at line \(number)"
                    problems.append(KeyFileLineProblem(line: number, group: group, message: "\(text(line)) is not a [group] line: a name in brackets, without [ ] or control characters"))
                    diverge(at: raw.startIndex)
                    output? += Array("[\(group!)]".utf8)
                }
            } else if let problem = keyValueProblem(line) {
                refuse(problem)
            } else if group == nil {
                refuse("\(text(line.prefix { $0 != equalsSign }))= stands before any [group]")
            } else {
                output? += raw
            }
        }
        return (output ?? bytes, problems)
    }

    private static let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    private static let equalsSign = UInt8(ascii: "="), backslash = UInt8(ascii: "\\")

    private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The name of a `[name]` line as GLib reads it (blanks after the `]` allowed), or nil.
    private static func groupName(_ line: ArraySlice<UInt8>) -> String? {
        var trimmed = line
        while let last = trimmed.last, last == space || last == tab || last == UInt8(ascii: "\r") { trimmed = trimmed.dropLast() }
        guard trimmed.last == UInt8(ascii: "]") else { return nil }
        let name = trimmed.dropFirst().dropLast()
        // Bytes of a multi-byte character are all 0x80 or more: only ASCII controls match.
        guard !name.isEmpty, !name.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 < 0x20 || $0 == 0x7F }) else {
            return nil
        }
        return text(name)
    }

    /// What is wrong with a `key=value` line, or nil.
    private static func keyValueProblem(_ line: ArraySlice<UInt8>) -> String? {
        guard let equals = line.firstIndex(of: equalsSign) else {
            return "\(text(line)) is not a key=value line, a [group] or a # comment"
        }
        var key = line[..<equals]
        while let last = key.last, last == space || last == tab { key = key.dropLast() }
        if key.isEmpty { return "a value without a key; write key=value" }
        if let open = key.firstIndex(of: UInt8(ascii: "[")) {
            return "\(text(key)): localized keys are not read; write \(text(key[..<open]))="
        }
        var position = line.index(after: equals)
        while let found = line[position...].firstIndex(of: backslash) {
            let next = line.index(after: found)
            guard next < line.endIndex else {
                return "\(text(key)): the value ends in a lone backslash; write \\\\ for a backslash"
            }
            if !Array("sntr\\;".utf8).contains(line[next]) {
                let escaped = text(line[next...]).first.map(String.init) ?? ""
                return "\(text(key)): \\\(escaped) is not an escape a key file knows (\\s, \\n, \\t, \\r, \\\\, and \\; in a list); write \\\\ for a backslash"
            }
            position = line.index(after: next)
        }
        return nil
    }
}
