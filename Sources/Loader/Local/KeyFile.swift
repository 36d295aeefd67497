internal import CGLib

/// A GLib key file (`[Group]` and `Key=value` lines), parsed by `GKeyFile` and copied out, with
/// the line numbers GLib's own errors leave out.
public struct KeyFile: Sendable {
    private let lines: [Substring]
    private let groups: [String: [String: String]]
    /// The groups in the order the file has them.
    public let groupNames: [String]
    /// The 1-based line of each group's first header, found in one pass: a file of 10,000
    /// sources must not be scanned once per group.
    private let groupLines: [String: Int]

    /// Lines that were left out for what is wrong with them, each with its group: see
    /// `parse(lenient:)`. Empty for a file from `parse(_:)`, which refuses such a file.
    public private(set) var lineProblems: [KeyFileLineProblem] = []

    /// Parses `text`, refusing it for its first bad line, with that line.
    public static func parse(_ text: String) throws(KeyFileError) -> KeyFile {
        let file = try parse(lenient: Array(text.utf8))
        if let first = file.lineProblems.first { throw KeyFileError(line: first.line, message: first.message) }
        return file
    }

    /// Parses `bytes`, leaving out each line that is not UTF-8, holds a NUL, or that GLib would
    /// refuse or misread (`KeyFileScreen`); they are in `lineProblems`, so a caller can refuse
    /// only their groups. Throws only for what no line can be blamed for.
    public static func parse(lenient bytes: [UInt8]) throws(KeyFileError) -> KeyFile {
        let (text, problems) = KeyFileScreen.screen(bytes)
        var file = try parseScreened(text)
        file.lineProblems = problems
        return file
    }

    private static func parseScreened(_ text: String) throws(KeyFileError) -> KeyFile {
        let keyFile = g_key_file_new()!
        defer { g_key_file_free(keyFile) }
        // On the byte: as a Character, "\r\n" is one grapheme, and a CRLF file would be one
        // line. A line keeps its CR; every reader of `lines` trims it.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_data(keyFile, text, gsize(text.utf8.count), G_KEY_FILE_NONE, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unreadable key file"
            if let error { g_error_free(error) }
            throw KeyFileError(line: Self.line(namedIn: message, lines: lines), message: message)
        }
        var groups: [String: [String: String]] = [:]
        var order: [String] = []
        var groupCount: gsize = 0
        let groupNames = g_key_file_get_groups(keyFile, &groupCount)
        defer { g_strfreev(groupNames) }
        for groupIndex in 0..<Int(groupCount) {
            guard let groupName = groupNames?[groupIndex] else { continue }
            var keyCount: gsize = 0
            let keys = g_key_file_get_keys(keyFile, groupName, &keyCount, nil)
            defer { g_strfreev(keys) }
            var values: [String: String] = [:]
            for keyIndex in 0..<Int(keyCount) {
                guard let key = keys?[keyIndex], let value = g_key_file_get_string(keyFile, groupName, key, nil) else { continue }
                values[String(cString: key)] = String(cString: value)
                g_free(value)
            }
            groups[String(cString: groupName)] = values
            order.append(String(cString: groupName))
        }
        var groupLines: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            let text = line.trimmingCharacters(in: " \t\r")
            guard text.hasPrefix("["), text.hasSuffix("]") else { continue }
            let name = String(text.dropFirst().dropLast())
            if groupLines[name] == nil { groupLines[name] = index + 1 }
        }
        return KeyFile(lines: lines, groups: groups, groupNames: order, groupLines: groupLines)
    }

    /// The value of `key` in `group`, with GLib's escapes (`\n`, `\s`…) decoded.
    public func string(_ group: String, _ key: String) -> String? {
        groups[group]?[key]
    }

    /// A `;`-separated list, trimmed, without empty entries; `\;` stands for a `;` inside an
    /// entry, as in GLib's own lists.
    public func list(_ group: String, _ key: String) -> [String]? {
        guard let text = string(group, key) else { return nil }
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

    /// The keys set in `group`, sorted.
    public func keys(inGroup group: String) -> [String] {
        groups[group].map { $0.keys.sorted() } ?? []
    }

    /// Each group header that repeats an earlier one, with its line, in the file's order; a
    /// group repeated twice is named once. GLib merges such groups silently, which hides a
    /// copy-paste mistake.
    public var repeatedGroups: [(name: String, line: Int)] {
        var seen: Set<Substring> = []
        var named: Set<Substring> = []
        var repeated: [(name: String, line: Int)] = []
        for (index, line) in lines.enumerated() {
            let text = line.trimmingCharacters(in: " \t\r")
            guard text.hasPrefix("["), text.hasSuffix("]") else { continue }
            let name = Substring(text.dropFirst().dropLast())
            // A set, not a scan of what was found: 40,000 repeated groups took 11.8 s.
            if !seen.insert(name).inserted && named.insert(name).inserted {
                repeated.append((String(name), index + 1))
            }
        }
        return repeated
    }

    public func hasGroup(_ group: String) -> Bool { groups[group] != nil }

    /// The 1-based line of `[group]`.
    public func line(ofGroup group: String) -> Int? {
        groupLines[group]
    }

    /// The 1-based line where `key` is set in `group`.
    public func line(ofKey key: String, inGroup group: String) -> Int? {
        guard let start = line(ofGroup: group) else { return nil }
        for index in start..<lines.count {
            let text = lines[index].trimmingCharacters(in: " \t\r")
            if text.hasPrefix("[") { break }
            if let equals = text.firstIndex(of: "="), text[..<equals].trimmingCharacters(in: " \t") == key { return index + 1 }
        }
        return nil
    }

    /// GLib quotes the offending line ("contains line “…” which…"); find it, or the first
    /// meaningful line for errors about the start of the file.
    private static func line(namedIn message: String, lines: [Substring]) -> Int? {
        if let open = message.firstIndex(of: "“"), let close = message[open...].firstIndex(of: "”") {
            let quoted = message[message.index(after: open)..<close]
            if let index = lines.firstIndex(where: { $0.trimmingCharacters(in: " \t\r") == quoted.trimmingCharacters(in: " \t\r") }) {
                return index + 1
            }
        }
        return lines.firstIndex { line in
            let text = line.trimmingCharacters(in: " \t\r")
            return !text.isEmpty && !text.hasPrefix("#")
        }.map { $0 + 1 }
    }
}
