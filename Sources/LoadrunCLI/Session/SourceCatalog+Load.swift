import Loader
import Plan

/// The sources file read from the real file system: the plan reads nothing itself.
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
