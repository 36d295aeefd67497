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
                       readStandardInput: { LocalFile.read(descriptor: STDIN_FILENO, limit: $0) }, isFile: LocalFile.existsAsFile)
    }
}

extension SourceCatalog {
    /// The built-ins plus the sources file: `explicitPath` (from `--config`), which must exist,
    /// or the default path, which may not.
    static func load(explicitPath: String?, environment: [String: String], plugins: [String]) -> SourceCatalog {
        guard let path = explicitPath ?? defaultPath(environment: environment) else { return SourceCatalog() }
        return SourceCatalog(path: path, read: LocalFile.read(path, limit: sizeLimit), explicit: explicitPath != nil, plugins: plugins,
                             files: .current(environment: environment))
    }

    /// A warning when the sources file holds a secret and others can read it.
    var secretExposure: String? {
        secretExposure(mode: path.flatMap(LocalFile.permissions(of:)))
    }
}
