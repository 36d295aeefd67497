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
    static let sizeLimit = 64 << 20

    /// Reads the list at `path` (or standard input for `-`), or says why it cannot, naming the
    /// file and the system's reason.
    package static func read(_ path: String) -> Result<URLList, UsageFailure> {
        let bytes: Result<[UInt8], LocalFile.ReadError>
        if path == standardInput {
            // fd 0 itself, not /dev/stdin: reopening a socket that stands for stdin fails.
            bytes = readStandardInput(limit: sizeLimit)
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

    /// Standard input to its end, as `LocalFile.read` reads a file.
    private static func readStandardInput(limit: Int) -> Result<[UInt8], LocalFile.ReadError> {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.failed(reason: reason(for: errno)))
            }
            if count == 0 { return .success(bytes) }
            bytes += buffer[0..<count]
            if bytes.count > limit { return .failure(.tooLarge(limit: limit)) }
        }
    }

    /// The system's text for `code`, lowercased to sit mid-sentence as `LocalFile` says it:
    /// `is a directory`. strerror_r, since GLib may have threads of its own by now.
    private static func reason(for code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard strerror_r(code, &buffer, buffer.count) == 0 else { return "error \(code)" }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let first = text.first, text.dropFirst().first?.isLowercase ?? false else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
