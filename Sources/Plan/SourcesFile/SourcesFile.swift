import Loader

/// The sources file: a GLib key file of `[source NAME]` groups.
///
/// ```
/// [source status]
/// url=https://status.example.com/api/posts
/// plugin=posts
/// interval=30s
/// headers=Authorization=env:STATUS_TOKEN;Accept-Language=en
/// retry=5
/// detail=/api/posts/{id}
/// related=comments:/api/posts/{id}/comments;author:/api/users/{userId}
/// ```
///
/// Every problem is reported with the file, line and key; unknown keys are problems too, so a
/// typo is not silently ignored. A problem belongs to its group: the other groups still
/// define their sources, and whether it stops a run depends on whether the run loads it.
package enum SourcesFile {
    /// The keys a `[source NAME]` group may set, as the command line's options are spelt.
    package static let keys = ["url", "plugin", "jq", "interval", "headers", "retry", "retry-delay", "retry-max-time", "timeout",
                       "connect-timeout", "max-size", "pages", "page-param", "per-page", "per-page-param", "follow-cross-host",
                       "cacert", "insecure", "history", "keep", "detail", "related", "method", "data", "user", "netrc", "cookies"]

    /// The most retries and the largest page size a file may ask for: numbers past them are
    /// typing mistakes, not settings.
    package static let maxRetries = 100
    package static let maxPerPage = 100_000
    /// The most versions `keep=` may keep of one source.
    package static let maxKeep = 100_000

    /// What is wrong with one group, and the source it would have defined: nil for a group
    /// that is not `[source NAME]`, which defines none.
    package struct GroupProblem {
        package var source: String?
        package var error: SourcesFileError
        /// A problem of `[defaults]`, which every run that reads the file takes settings from.
        package var isDefaults = false
    }

    /// A file read group by group: the sources its good groups define, in the file's order,
    /// and the problems of the others.
    package struct Contents {
        package var definitions: [SourceDefinition] = []
        package var problems: [GroupProblem] = []
        /// `[defaults]`, when the file has one that stands.
        package var defaults: SourceDefaults?
    }

    /// Parses the file's text. `plugins` are the plugin names a `plugin` key may give; `files`
    /// resolves a `url` that is a path, against the file's own directory. Throws only when
    /// the text is not a key file at all, so that no group can be trusted.
    package static func parse(_ text: String, path: String, plugins: [String], files: URLInput.Files) throws(SourcesFileError) -> Contents {
        try parse(bytes: Array(text.utf8), path: path, plugins: plugins, files: files)
    }

    /// Parses the file's bytes. A line that is not UTF-8, holds a NUL, or that GLib would
    /// refuse or misread makes only its own group broken, named with its line.
    package static func parse(bytes: [UInt8], path: String, plugins: [String], files: URLInput.Files) throws(SourcesFileError) -> Contents {
        var definitions: [SourceDefinition] = []
        var contents = try readGroups(bytes: bytes, path: path, plugins: plugins, files: files, reserving: { count in
            // One source per group, for most files: grown by doubling, 100,000 definitions were
            // copied and paged in again at each step. With room for the built-ins, which the
            // catalog puts before them in this same array.
            definitions.reserveCapacity(count + SourceDefinition.builtIns.count)
        }, each: { _, definition in definitions.append(definition) }).contents
        contents.definitions = definitions
        return contents
    }

    /// Reads the file group by group, every check a run makes, handing each good source's
    /// definition to `each` with its group, and keeping none: what `Contents` holds but the
    /// definitions, and the file, from which a definition can be built again (`Checked`).
    /// `reserving` is told the number of groups first.
    static func readGroups(bytes: [UInt8], path: String, plugins: [String], files: URLInput.Files,
                           reserving: (Int) -> Void = { _ in },
                           each: (KeyFile.Group, SourceDefinition) -> Void) throws(SourcesFileError) -> (file: KeyFile, contents: Contents) {
        let file: KeyFile
        do {
            file = try KeyFile.parse(lenient: bytes)
        } catch {
            throw SourcesFileError(path: path, line: error.line, message: error.message)
        }
        var contents = Contents()
        reserving(file.groupNames.count)
        var broken: Set<String> = []
        for problem in file.lineProblems {
            let source = problem.group.flatMap(sourceName(ofGroup:))
            contents.problems.append(GroupProblem(source: source, error: SourcesFileError(path: path, line: problem.line, message: problem.message),
                                                  isDefaults: problem.group == SourceDefaults.group))
            if let group = problem.group { broken.insert(group) }
        }
        // GLib merges a repeated group into the first: neither copy can be trusted, but the
        // name says which source they are about, so the rest of the file stands.
        // By name, looked up once per group: a file of 1,000 copied groups must not be
        // scanned once per group.
        var repeated: [String: Int] = [:]
        for (name, line) in file.repeatedGroups where repeated[name] == nil { repeated[name] = line }
        // Each group by its place, not its name, and the sets asked only when they hold any:
        // asking an empty set still hashes the name, 100,000 times.
        for (position, group) in file.groupNames.enumerated() where broken.isEmpty || !broken.contains(group) {
            let section = file.group(at: position)
            let line: Int? = file.line(ofGroup: section)
            let again = repeated.isEmpty ? nil : repeated[group]
            if group == SourceDefaults.group {
                readDefaults(in: file, line: line, repeatedAt: again, path: path, plugins: plugins, files: files,
                             into: &contents)
                continue
            }
            guard let name = sourceName(ofGroup: group) else {
                contents.problems.append(GroupProblem(source: nil, error: SourcesFileError(
                    path: path, line: line, message: "[\(group)] is not a source group; write [source NAME] or [defaults]")))
                continue
            }
            if let again {
                contents.problems.append(GroupProblem(source: name, error: SourcesFileError(
                    path: path, line: again, message: "[\(group)] appears twice, first at line \(line ?? 0); merge the two")))
                continue
            }
            guard name.utf8.allSatisfy(isSourceNameByte) else {
                contents.problems.append(GroupProblem(source: name, error: SourcesFileError(
                    path: path, line: line, message: "\"\(name)\" is not a source name; use letters, digits, - _ and . only")))
                continue
            }
            // Every problem of the group, not the first: a user should not fix one typo only to
            // meet the next.
            var problems: [SourcesFileError] = []
            let definition = definition(named: name, group: section, in: file, path: path, plugins: plugins, files: files,
                                        problems: &problems)
            if problems.isEmpty {
                each(section, definition)
            } else {
                contents.problems += problems.map { GroupProblem(source: name, error: $0) }
            }
        }
        return (file, contents)
    }

    /// Whether a source's name may hold this byte: ASCII letters, digits, `-`, `_` and `.`.
    /// Read as bytes, not Characters: a Character's Unicode properties, looked up for each
    /// letter of 100,000 names, were 3% of reading such a file; any non-ASCII byte fails, as
    /// a non-ASCII Character did.
    private static func isSourceNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
        default: false
        }
    }

    /// NAME, for `[source NAME]`.
    private static func sourceName(ofGroup group: String) -> String? {
        guard group.hasPrefix("source ") else { return nil }
        let name = group.dropFirst("source ".count).trimmingCharacters(in: " ")
        return name.isEmpty ? nil : name
    }
}
