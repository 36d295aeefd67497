/// Paths as the sources file and the command line write them.
package enum LocalPath {
    /// `~/x` under HOME, a relative path under `directory`, an absolute one as it is.
    package static func expand(_ path: String, relativeTo directory: String, environment: [String: String]) -> String {
        if path.hasPrefix("~/"), let home = environment["HOME"] { return home + path.dropFirst(1) }
        if path.hasPrefix("/") { return path }
        return directory + "/" + path
    }

    /// The directory `path` is in: what a relative path in the file at `path` starts from.
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
