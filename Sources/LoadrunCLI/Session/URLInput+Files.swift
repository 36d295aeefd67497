#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plan

/// The real file system, as the plan is handed it: the plan reads nothing itself.
extension URLInput.Files {
    /// The working directory and the real file system.
    static func current(environment: [String: String]) -> URLInput.Files {
        // fd 0 itself, not /dev/stdin: reopening a socket that stands for stdin fails.
        URLInput.Files(directory: ".", environment: environment, read: LocalFile.read, trustProblem: LocalFile.trustProblem(of:),
                       readStandardInput: { LocalFile.read(descriptor: STDIN_FILENO, limit: $0) }, readPrivate: LocalFile.readPrivate,
                       isFile: LocalFile.existsAsFile)
    }
}
