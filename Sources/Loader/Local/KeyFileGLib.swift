internal import CGLib

/// GKeyFile's own reading of a screened key file: what `KeyFile`'s parser must agree with.
/// Used for GKeyFile's error on a file it refuses (the message users have always seen), and by
/// the differential tests that hold the two parsers together.
enum KeyFileGLib {
    /// Each group's keys and decoded values, in the file's order of groups; or GLib's error.
    struct Contents: Equatable {
        var groups: [String] = []
        var values: [String: [String: String]] = [:]
    }

    static func parse(_ text: String) -> Result<Contents, KeyFileError> {
        let keyFile = g_key_file_new()!
        defer { g_key_file_free(keyFile) }
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_data(keyFile, text, gsize(text.utf8.count), G_KEY_FILE_NONE, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unreadable key file"
            if let error { g_error_free(error) }
            let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
            return .failure(KeyFileError(line: line(namedIn: message, lines: lines), message: message))
        }
        var contents = Contents()
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
            contents.values[String(cString: groupName)] = values
            contents.groups.append(String(cString: groupName))
        }
        return .success(contents)
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
