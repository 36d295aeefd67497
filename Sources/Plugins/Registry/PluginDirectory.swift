#if canImport(Glibc)
import Glibc
#endif
internal import Loader

/// Declarative plugins found in `$XDG_DATA_HOME/loadrun/plugins/NAME.plugin`.
public enum PluginDirectory {
    /// A plugin file that was skipped, and why.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var line: Int?
        public var message: String

        /// `path:line: message`, as compilers say it.
        public var description: String {
            "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
        }
    }

    /// `$XDG_DATA_HOME/loadrun/plugins`, or `~/.local/share/loadrun/plugins`.
    public static func path(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/loadrun/plugins" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/share/loadrun/plugins"
    }

    /// The plugins in the directory, in name order, and the files that were skipped. A missing
    /// directory is no problem: most people have none.
    public static func load(environment: [String: String], reservedNames: [String]) -> (plugins: [DeclarativePlugin], problems: [Problem]) {
        guard let directory = path(environment: environment), let names = fileNames(in: directory) else { return ([], []) }
        var plugins: [DeclarativePlugin] = []
        var problems: [Problem] = []
        for file in names where file.hasSuffix(".plugin") {
            let path = directory + "/" + file
            let name = String(file.dropLast(".plugin".count))
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                problems.append(Problem(path: path, line: nil, message: "a plugin's file name must be NAME.plugin, with letters, digits, - or _"))
                continue
            }
            guard !reservedNames.contains(name) else {
                problems.append(Problem(path: path, line: nil, message: "\"\(name)\" is a built-in plugin's name; rename the file"))
                continue
            }
            let text: String
            switch contents(of: path) {
            case .success(let read): text = read
            case .failure(let reason):
                problems.append(Problem(path: path, line: nil, message: "cannot be read: \(reason)"))
                continue
            }
            do {
                plugins.append(try DeclarativePlugin(name: name, keyFile: try KeyFile.parse(text)))
            } catch {
                problems.append(Problem(path: path, line: error.line, message: error.message))
            }
        }
        return (plugins, problems)
    }

    private static func fileNames(in directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// A plugin file's text, or why there is none; over 1 MiB, which no honest plugin file
    /// reaches, is a reason.
    private static func contents(of path: String) -> Result<String, LocalFile.ReadError> {
        LocalFile.read(path, limit: 1 << 20).flatMap { bytes in
            String(validating: bytes, as: UTF8.self).map { .success($0) } ?? .failure(.failed(reason: "it is not UTF-8 text"))
        }
    }
}
