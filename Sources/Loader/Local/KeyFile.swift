/// A GLib key file (`[Group]` and `Key=value` lines), read as GKeyFile reads it, with the line
/// numbers GLib's own errors leave out.
///
/// Compact: the screened file is kept as one byte buffer, and each `key=value` line as offsets
/// into it; a value becomes a `String` only when it is asked for. A file of 100,000 groups
/// costs one buffer, one entry per line and one name per group, not a dictionary per group.
/// `KeyFileDifferentialTests` holds this reading to GKeyFile's (`KeyFileGLib`).
public struct KeyFile: Sendable {
    /// One `key=value` line: where its key and value stand in `bytes`, and its line.
    private struct Entry: Sendable {
        var keyStart: Int32, keyEnd: Int32
        var valueStart: Int32, valueEnd: Int32
        var line: Int32
        var group: Int32
        /// Whether it stands under the group's first header: a key's line is looked for
        /// there alone, as the group's own line is its first header's.
        var inFirstSection: Bool
    }

    /// A group: its first header's 1-based line and its entries' range in `entries`.
    private struct GroupSpan: Sendable {
        var line: Int32
        var start: Int32
        var end: Int32
        /// A bit for each key the group sets (`keyBit`): a key whose bit is not here is not
        /// set, found without a look at the entries. A source's group is asked for some 25
        /// keys and sets 4 or 5.
        var keys: UInt64 = 0
    }

    private let bytes: [UInt8]
    private let entries: [Entry]
    private let groups: [GroupSpan]
    private let index: [String: Int32]
    /// The groups in the order the file has them.
    public let groupNames: [String]
    /// Each group header that repeats an earlier one, with its line, in the file's order; a
    /// group repeated twice is named once. GLib merges such groups silently, which hides a
    /// copy-paste mistake.
    public let repeatedGroups: [(name: String, line: Int)]

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
        let (screened, problems) = KeyFileScreen.screen(bytes)
        var file = try KeyFile(screened: screened)
        file.lineProblems = problems
        return file
    }

    /// Reads screened bytes line by line as `g_key_file_load_from_data` does: lines end at
    /// `\n` (less one `\r`), leading `g_ascii_isspace` is skipped, a blank or `#` line is a comment,
    /// `[name]` (blanks after it allowed) opens or reopens a group, and `key=value` has its key
    /// right-trimmed and its value left-trimmed. What GLib would refuse is refused with
    /// GLib's own error, from GLib itself.
    private init(screened bytes: [UInt8]) throws(KeyFileError) {
        var entries: [Entry] = []
        // A line per entry at most: reserved once, as a guess short of it grew the array by
        // doubling, and copied it, past 10 MB for 100,000 sources. Pages never written to are
        // never resident.
        entries.reserveCapacity(bytes.reduce(into: 1) { lines, byte in if byte == 0x0A { lines += 1 } })
        var groups: [GroupSpan] = []
        var names: [String] = []
        var index: [String: Int32] = [:]
        // Room for a group per 64 bytes, about a sources file's: grown by doubling, the index
        // of 100,000 names was hashed again at each step.
        index.reserveCapacity(bytes.count / 64)
        var repeated: [(name: String, line: Int)] = []
        var repeatedNamed: Set<Int32> = []
        var refusedAt: Int?
        bytes.withUnsafeBufferPointer { p in
            let count = p.count
            var start = 0
            var lineNumber: Int32 = 0
            var current: Int32 = -1
            var firstSection = false
            while start <= count {
                lineNumber += 1
                var end = start
                while end < count && p[end] != 0x0A { end += 1 }
                var lineEnd = end
                if end < count && lineEnd > start && p[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                defer { start = end + 1 }
                var s = start
                while s < lineEnd && Self.isSpace(p[s]) { s += 1 }
                if s == lineEnd || p[s] == UInt8(ascii: "#") { continue }
                if p[s] == UInt8(ascii: "["), let close = Self.groupClose(p, from: s, to: lineEnd) {
                    let name = String(decoding: UnsafeBufferPointer(rebasing: p[(s + 1)..<close]), as: UTF8.self)
                    if let existing = index[name] {
                        current = existing
                        firstSection = false
                        if repeatedNamed.insert(existing).inserted { repeated.append((name, Int(lineNumber))) }
                    } else {
                        current = Int32(groups.count)
                        firstSection = true
                        index[name] = current
                        names.append(name)
                        groups.append(GroupSpan(line: lineNumber, start: Int32(entries.count), end: Int32(entries.count)))
                    }
                    continue
                }
                var equals = s
                while equals < lineEnd && p[equals] != UInt8(ascii: "=") { equals += 1 }
                var keyEnd = equals
                while keyEnd > s && Self.isSpace(p[keyEnd - 1]) { keyEnd -= 1 }
                guard equals < lineEnd, keyEnd > s, current >= 0,
                      !p[s..<keyEnd].contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) else {
                    if refusedAt == nil { refusedAt = Int(lineNumber) }
                    continue
                }
                var valueStart = equals + 1
                while valueStart < lineEnd && Self.isSpace(p[valueStart]) { valueStart += 1 }
                entries.append(Entry(keyStart: Int32(s), keyEnd: Int32(keyEnd), valueStart: Int32(valueStart), valueEnd: Int32(lineEnd),
                                     line: lineNumber, group: current, inFirstSection: firstSection))
                groups[Int(current)].end = Int32(entries.count)
                groups[Int(current)].keys |= Self.keyBit(UnsafeBufferPointer(rebasing: p[s..<keyEnd]))
            }
        }
        if let refusedAt {
            // GLib's message, as a file it refuses has always been reported.
            if case .failure(let error) = KeyFileGLib.parse(String(decoding: bytes, as: UTF8.self)) { throw error }
            throw KeyFileError(line: refusedAt, message: "line \(refusedAt) is not a key=value line, a [group] or a # comment")
        }
        if !repeated.isEmpty {
            // A reopened group's entries are not contiguous: place them group by group, each
            // group's in the file's order (GLib merges them so, the last value winning).
            var counts = [Int32](repeating: 0, count: groups.count + 1)
            for entry in entries { counts[Int(entry.group) + 1] += 1 }
            for group in 0..<groups.count { counts[group + 1] += counts[group] }
            for group in 0..<groups.count {
                groups[group].start = counts[group]
                groups[group].end = counts[group + 1]
            }
            var next = counts
            var placed = entries
            for entry in entries {
                placed[Int(next[Int(entry.group)])] = entry
                next[Int(entry.group)] += 1
            }
            entries = placed
        }
        self.bytes = bytes
        self.entries = entries
        self.groups = groups
        self.index = index
        self.groupNames = names
        self.repeatedGroups = repeated
    }

    /// A key's bit of a group's `keys`, from its length and its first and last bytes.
    private static func keyBit(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = key.first, let last = key.last else { return 1 }
        return 1 << UInt64((key.count &* 7 &+ Int(first) &+ Int(last) &* 3) & 63)
    }

    /// `g_ascii_isspace`: space, tab, LF, FF and CR; not VT, unlike C's `isspace`.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// The `]` of a `[name]` line as GLib's `g_key_file_line_is_group` takes it (only spaces
    /// and tabs after it), or nil.
    private static func groupClose(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard let close = p[(start + 1)..<end].firstIndex(of: UInt8(ascii: "]")) else { return nil }
        guard p[(close + 1)..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        return close
    }

    /// A group found once by name, for the many lookups of its keys that follow: each lookup
    /// by name hashes the name again.
    public struct Group: Sendable {
        fileprivate let index: Int32
    }

    /// The group at `position` in `groupNames`: found without hashing its name.
    public func group(at position: Int) -> Group {
        precondition(groupNames.indices.contains(position), "no group at \(position)")
        return Group(index: Int32(position))
    }

    /// The group named `name`, if the file has it.
    public func group(named name: String) -> Group? {
        index[name].map(Group.init(index:))
    }

    /// The entry that sets `key` in `group`: the last one, as GLib's value is; with
    /// `firstOnly`, the first under the group's first header.
    private func entry(_ group: Group, _ key: String, firstOnly: Bool = false) -> Entry? {
        let span = groups[Int(group.index)]
        var key = key
        // A loop over lengths first, then bytes: a source's group is asked for each of some 25
        // keys, most of which it does not set.
        return key.withUTF8 { key in
            guard span.keys & Self.keyBit(key) != 0 else { return nil }
            return bytes.withUnsafeBufferPointer { p in
                entries.withUnsafeBufferPointer { entries in
                    func matches(_ entry: Entry) -> Bool {
                        guard Int(entry.keyEnd - entry.keyStart) == key.count else { return false }
                        let start = Int(entry.keyStart)
                        var offset = 0
                        while offset < key.count {
                            if p[start + offset] != key[offset] { return false }
                            offset += 1
                        }
                        return true
                    }
                    if firstOnly {
                        var position = Int(span.start)
                        while position < Int(span.end) {
                            if entries[position].inFirstSection && matches(entries[position]) { return entries[position] }
                            position += 1
                        }
                        return nil
                    }
                    var position = Int(span.end)
                    while position > Int(span.start) {
                        position -= 1
                        if matches(entries[position]) { return entries[position] }
                    }
                    return nil
                }
            }
        }
    }

    /// The value of `key` in `group`, with GLib's escapes (`\n`, `\s`…) decoded.
    public func string(_ group: String, _ key: String) -> String? {
        self.group(named: group).flatMap { string($0, key) }
    }

    /// The value of `key` in `group`, decoded.
    public func string(_ group: Group, _ key: String) -> String? {
        // Not `.map(value(of:))`: the partial application copied the file (a retain and a
        // release of each of its arrays) for each of a group's many lookups.
        guard let entry = entry(group, key) else { return nil }
        return value(of: entry)
    }

    /// An entry's value decoded as `g_key_file_parse_value_as_string` decodes it: `\s \n \t
    /// \r \\`; any other escape (`\;`, which a list reads) is kept as written.
    private func value(of entry: Entry) -> String {
        KeyFileValue.decoded(bytes[Int(entry.valueStart)..<Int(entry.valueEnd)])
    }

    /// A `;`-separated list, trimmed, without empty entries; `\;` stands for a `;` inside an
    /// entry, as in GLib's own lists.
    public func list(_ group: String, _ key: String) -> [String]? {
        self.group(named: group).flatMap { list($0, key) }
    }

    /// The `;`-separated list of `key` in `group`.
    public func list(_ group: Group, _ key: String) -> [String]? {
        string(group, key).map(KeyFileValue.listed)
    }

    /// The keys set in `group`, sorted.
    public func keys(inGroup group: String) -> [String] {
        self.group(named: group).map(keys(inGroup:)) ?? []
    }

    /// The keys set in `group`, sorted.
    public func keys(inGroup group: Group) -> [String] {
        let range = Int(groups[Int(group.index)].start)..<Int(groups[Int(group.index)].end)
        return Set(entries[range].map { String(decoding: bytes[Int($0.keyStart)..<Int($0.keyEnd)], as: UTF8.self) }).sorted()
    }

    /// Whether every key set in `group` is one of `allowed`: `keys(inGroup:)` without the set
    /// and the sort, for the common case of a group without a stray key.
    public func keys(inGroup group: Group, allIn allowed: [String]) -> Bool {
        let range = Int(groups[Int(group.index)].start)..<Int(groups[Int(group.index)].end)
        return entries[range].allSatisfy { entry in
            allowed.contains(String(decoding: bytes[Int(entry.keyStart)..<Int(entry.keyEnd)], as: UTF8.self))
        }
    }

    public func hasGroup(_ group: String) -> Bool { index[group] != nil }

    /// The 1-based line of `[group]`.
    public func line(ofGroup group: String) -> Int? {
        index[group].map { Int(groups[Int($0)].line) }
    }

    /// The 1-based line where `key` is set in `group`: its first under the group's first header.
    public func line(ofKey key: String, inGroup group: String) -> Int? {
        self.group(named: group).flatMap { line(ofKey: key, inGroup: $0) }
    }

    /// The 1-based line where `key` is set in `group`.
    public func line(ofKey key: String, inGroup group: Group) -> Int? {
        entry(group, key, firstOnly: true).map { Int($0.line) }
    }

    /// The 1-based line of `group`'s first header.
    public func line(ofGroup group: Group) -> Int {
        Int(groups[Int(group.index)].line)
    }
}
