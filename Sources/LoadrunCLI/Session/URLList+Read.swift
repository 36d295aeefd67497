#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plan

/// The list `--url-file` names, read from the file system: the plan only parses it.
extension URLList {
    /// Reads the list at `path` (or standard input for `-`), or says why it cannot, naming the
    /// file and the system's reason.
    static func read(_ path: String) -> Result<URLList, UsageFailure> {
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
