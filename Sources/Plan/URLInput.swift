package import Loader

/// A URL as people type it, made into one loadrun can load: the one reading of `--url` and of
/// the sources file's `url=`.
///
/// - `http://…`, `https://…` and `file:…` URLs are taken as they are, once they parse.
/// - A path to a file loads that file: `/tmp/x.json`, `./x.json`, and a bare `x.json` when
///   such a file exists (a path that starts with `/`, `./`, `../` or `~/` is a path whether
///   or not it exists, and a missing one fails to load as a missing `file://` URL does).
/// - `host:port/path` without a scheme is `http://`, as curl takes it: `127.0.0.1:8080/posts`,
///   `localhost:8080`, `example.com/x`.
/// - `-` is standard input.
///
/// Anything else is refused with an example, before any load starts.
package enum URLInput {
    /// What the plan needs from the file system, given so that the plan does no I/O of its own
    /// and tests need no file system: the command line hands in the real one
    /// (`Files.current`, in LoadrunCLI).
    package struct Files {
        /// Where a relative path starts: `.`, the working directory, for `--url`; the sources
        /// file's directory for `url=`.
        package var directory: String
        /// For `~/`.
        package var environment: [String: String]
        /// Whether a path names something to read (not a directory).
        package var isFile: (String) -> Bool

        /// The bytes of a file, at most so many (a header's `file:` value).
        package var read: (_ path: String, _ limit: Int) -> Result<[UInt8], LocalFile.ReadError>
        /// Why a file may not hand out secrets (others may write it), or nil when it may.
        package var trustProblem: (String) -> String?
        /// The bytes of a file of passwords (a netrc), at most so many: only the user's own,
        /// which no one else may read or write.
        package var readPrivate: (_ path: String, _ limit: Int) -> Result<[UInt8], LocalFile.PrivateReadError>
        /// Standard input's bytes, at most so many (a body's `@-`).
        package var readStandardInput: (_ limit: Int) -> Result<[UInt8], LocalFile.ReadError>

        package init(directory: String, environment: [String: String],
                     read: @escaping (String, Int) -> Result<[UInt8], LocalFile.ReadError> = { _, _ in .failure(.missing) },
                     trustProblem: @escaping (String) -> String? = { _ in nil },
                     readStandardInput: @escaping (Int) -> Result<[UInt8], LocalFile.ReadError> = { _ in .failure(.missing) },
                     readPrivate: @escaping (String, Int) -> Result<[UInt8], LocalFile.PrivateReadError> = { _, _ in .failure(.unreadable(.missing)) },
                     isFile: @escaping (String) -> Bool) {
            self.readPrivate = readPrivate
            self.directory = directory
            self.environment = environment
            self.read = read
            self.trustProblem = trustProblem
            self.readStandardInput = readStandardInput
            self.isFile = isFile
        }

        /// The same file system, with relative paths starting at `directory`.
        package func relative(to directory: String) -> Files {
            var files = self
            files.directory = directory
            return files
        }
    }

    /// Why a text is not a URL loadrun can load, said with examples of ones it can.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var text: String
        package var reason: String

        package var description: String {
            "\"\(text)\" \(reason); give a URL such as http://127.0.0.1:8080/posts or 127.0.0.1:8080/posts, or a file such as ./posts.json"
        }
    }

    /// The schemes loadrun fetches.
    package static let schemes = ["http", "https", "file"]

    /// The URL to load for `text`, or why there is none.
    package static func normalized(_ text: String, files: Files) -> Result<String, Problem> {
        if text == "-" { return .success(text) }
        func problem(_ reason: String) -> Result<String, Problem> { .failure(Problem(text: text, reason: reason)) }
        guard !text.isEmpty else { return problem("is empty") }
        if let scheme = explicitScheme(of: text) {
            guard schemes.contains(scheme) else { return problem("has the scheme \(scheme):, which loadrun does not load (only http, https and file)") }
            if scheme == "file" { return .success(text) }
            guard URLParts(text) != nil else { return problem("names no host, or not one that parses") }
            return .success(text)
        }
        let path = LocalPath.expand(text, relativeTo: files.directory, environment: files.environment)
        let looksLikePath = ["/", "./", "../", "~/"].contains { text.hasPrefix($0) } || text == "." || text == ".."
        if looksLikePath || files.isFile(path) {
            guard let url = URLParts.fileURL(forPath: path) else {
                return problem("is a path that cannot be made a file URL")
            }
            return .success(url)
        }
        // host[:port][/path]: a host of letters, digits, dots and dashes, or an IPv6 address
        // in brackets, so that `::::` or `a b` are refused rather than looked up.
        let url = "http://" + text
        guard let parts = URLParts(url), !parts.host.isEmpty,
              parts.host.contains(":") || parts.host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) })
        else { return problem("is neither a URL nor a file") }
        return .success(url)
    }

    /// The scheme of a URL written with one (`name://`, or one of `schemes` and a colon, so
    /// that `http:/x` is a URL missing its host), lowercased; nil for `localhost:8080`, whose
    /// `localhost` is a host and not a scheme.
    private static func explicitScheme(of text: String) -> String? {
        // In bytes: a scheme is ASCII (RFC 3986 §3.1), and every URL of a 10,000-URL list
        // comes through here.
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        let bytes = text.utf8
        let end = bytes.firstIndex { byte in
            !(isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
              || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."))
        } ?? bytes.endIndex
        guard let first = bytes.first, end != bytes.startIndex, isLetter(first) else { return nil }
        let rest = bytes[end...]
        let scheme = String(text[..<end]).lowercased()
        return rest.starts(with: "://".utf8) || (schemes.contains(scheme) && rest.first == UInt8(ascii: ":")) ? scheme : nil
    }
}
