import Loader

/// `--url-file FILE`: URLs one a line, as xargs and `curl -K` users keep them, from a file or,
/// for `-`, from standard input. Blank lines and lines starting with `#` are skipped, and each
/// line is trimmed; what is left is read as a `--url` argument is (`URLInput`), relative paths
/// from the working directory as on the command line.
package struct URLList: Equatable {
    /// One URL as written, and where.
    package struct Entry: Equatable {
        /// 1-based.
        package var line: Int
        package var text: String
    }

    /// What `--url-file` was given: a path, or `-`.
    package var path: String
    package var entries: [Entry]

    /// The list in `text`, read from `path`.
    package init(path: String, text: String) {
        self.path = path
        var entries: [Entry] = []
        var number = 0
        // Split on the byte, not on Characters: grapheme breaking would cost more than the
        // rest of the work on a long list. A list saved on Windows keeps a \r, trimmed below.
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let trimmed = Substring(line).trimmingCharacters(in: " \t\r\u{FEFF}")
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            entries.append(Entry(line: number, text: trimmed))
        }
        self.entries = entries
    }

    /// Whether the list itself comes from standard input.
    package var isStandardInput: Bool { path == Self.standardInput }

    /// The name of the list in messages: `urls.txt:3:`, or `(standard input):3:` as grep says it.
    package var displayName: String { isStandardInput ? "(standard input)" : path }

    /// `-`: the list is standard input.
    package static let standardInput = "-"

    /// The largest list read: about half a million URLs.
    package static let sizeLimit = 64 << 20
}
