#if canImport(Glibc)
import Glibc
#endif
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

    /// Reads the list at `path` (or standard input for `-`), or says why it cannot, naming the
    /// file and the system's reason.
    package static func read(_ path: String) -> Result<URLList, UsageFailure> {
        let bytes: Result<[UInt8], LocalFile.ReadError>
        if path == standardInput {
            // fd 0 itself, not /dev/stdin: reopening a socket that stands for stdin fails.
            bytes = LocalFile.read(descriptor: STDIN_FILENO, limit: sizeLimit)
        } else {
            bytes = LocalFile.read(path, limit: sizeLimit)
        }
        // The list as a whole is named as it was given (`--url-file -`); its lines by where
        // they come from (`(standard input):3`).
        let name = path
        switch bytes {
        case .success(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(UsageFailure(message: "--url-file \(name): is not UTF-8 text; give one URL a line"))
            }
            return .success(URLList(path: path, text: text))
        case .failure(.missing):
            return .failure(UsageFailure(message: "--url-file \(name): no such file; give a file of URLs, one a line, or - for standard input"))
        case .failure(let error):
            return .failure(UsageFailure(message: "--url-file \(name): cannot read it: \(error)"))
        }
    }
}
