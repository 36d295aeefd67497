import Loader

extension SourcesFile {
    /// A sources file checked as `parse` checks it, every group on every run, but keeping of
    /// each good source only what a run needs before it uses the source: its name, its group,
    /// whether it sets a url, and which secrets it holds. A source's `SourceDefinition` (its
    /// settings, strings and lists) is built again from the file when it is used: a file of
    /// 100,000 sources is not held as 100,000 definitions.
    package struct Checked {
        /// A good `[source NAME]` group.
        struct Source {
            var name: String
            var group: KeyFile.Group
            var hasURL: Bool
            var secrets: Secrets
        }

        /// The file, and what a definition is read with, to build one when it is used.
        let reader: Reader
        /// The good sources' groups, in the file's order.
        var sources: [Source] = []
        /// What is wrong with the other groups, as `Contents.problems`.
        var problems: [GroupProblem] = []
        var defaults: SourceDefaults?
    }

    /// What a source's group is read with: the file, its path, the plugin names and how paths
    /// resolve. `definition` reads a group as `parse` did when it checked it. A class, shared:
    /// each source built copies one reference, not the file's arrays and the closures of `files`.
    final class Reader {
        let file: KeyFile
        let path: String
        let plugins: [String]
        let files: URLInput.Files

        init(file: KeyFile, path: String, plugins: [String], files: URLInput.Files) {
            self.file = file
            self.path = path
            self.plugins = plugins
            self.files = files
        }

        /// The definition of source `name` from `group`, which was checked: it has no problem.
        /// `shownOnly`: only what `loadrun sources` shows of it.
        func definition(named name: String, group: KeyFile.Group, shownOnly: Bool = false) -> SourceDefinition {
            var problems: [SourcesFileError] = []
            return SourcesFile.definition(named: name, group: group, in: file, path: path, plugins: plugins, files: files,
                                          shownOnly: shownOnly, problems: &problems)
        }
    }

    /// The secrets a definition holds, which `SourceCatalog.secretExposure` looks for in every
    /// source: kept as bits, so that finding the one to name builds only the sources that hold one.
    struct Secrets: OptionSet {
        let rawValue: UInt8
        /// A header that carries a credential, written in the file (`HeaderSetting.isSecretInFile`).
        static let header = Secrets(rawValue: 1)
        /// `user=` with a password.
        static let userPassword = Secrets(rawValue: 2)
        /// A url with a password in it.
        static let urlPassword = Secrets(rawValue: 4)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        init(of definition: SourceDefinition) {
            var secrets: Secrets = []
            if definition.headers.contains(where: \.isSecretInFile) { secrets.insert(.header) }
            if definition.credentials.user?.password != nil { secrets.insert(.userPassword) }
            if let url = definition.url, URLCredentials.masked(url) != url { secrets.insert(.urlPassword) }
            self = secrets
        }
    }

    /// Checks the file's bytes as `parse(bytes:)` does, with the same problems in the same
    /// order, keeping the good sources' groups instead of their definitions.
    package static func check(bytes: [UInt8], path: String, plugins: [String], files: URLInput.Files) throws(SourcesFileError) -> Checked {
        var sources: [Checked.Source] = []
        let (file, contents) = try readGroups(bytes: bytes, path: path, plugins: plugins, files: files, reserving: { count in
            sources.reserveCapacity(count)
        }, each: { group, definition in
            sources.append(Checked.Source(name: definition.name, group: group, hasURL: definition.url != nil, secrets: Secrets(of: definition)))
        })
        var checked = Checked(reader: Reader(file: file, path: path, plugins: plugins, files: files))
        checked.sources = sources
        checked.problems = contents.problems
        checked.defaults = contents.defaults
        return checked
    }
}
