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
                       "cacert", "insecure", "history", "keep", "detail", "related", "method", "data", "user", "netrc"]

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

    /// The group's source, with each of its problems added to `problems`, in the order of
    /// their lines: when there is one, the definition is not to be used. `allowed` are the keys
    /// the group may set: a source's, or `[defaults]`'s.
    static func definition(named name: String, group: KeyFile.Group, in file: KeyFile, path: String,
                           plugins: [String], files: URLInput.Files, allowed: [String] = keys,
                           problems: inout [SourcesFileError]) -> SourceDefinition {
        let groupLine = file.line(ofGroup: group)
        var found: [SourcesFileError] = []
        // Said in the order of their lines, as a compiler lists its errors.
        defer { if !found.isEmpty { problems += found.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element) } }
        func fail(_ key: String?, _ problem: SourcesFileError.Problem) {
            found.append(SourcesFileError(path: path, line: key.flatMap { file.line(ofKey: $0, inGroup: group) } ?? groupLine,
                                          key: key, message: problem.text))
        }
        // Most groups set only keys they may: said without sorting a set of their keys.
        for key in file.keys(inGroup: group, allIn: allowed) ? [] : file.keys(inGroup: group) where !allowed.contains(key) {
            if let problem = SourceDefaults.misplaced(key, allowed: allowed) {
                fail(key, problem)
            } else {
                fail(key, "unknown key; \(Suggestion.didYouMean(key, among: allowed) ?? "\(allowed == keys ? "a source" : "[defaults]") may set \(allowed.joined(separator: ", "))")")
            }
        }
        // `expected` is made only for a value that fails: most of its texts are interpolated.
        func value<T>(_ key: String, _ parse: (String) -> T?, _ expected: @autoclosure () -> String) -> T? {
            guard let text = file.string(group, key) else { return nil }
            guard let parsed = parse(text.trimmedBlanks()) else {
                fail(key, "\"\(text)\" is not \(expected())")
                return nil
            }
            return parsed
        }
        var definition = SourceDefinition(name: name, origin: .file(path: path, line: groupLine))
        if let url = file.string(group, "url") {
            if url == "-" {
                fail("url", "standard input cannot be a source's url; give an http(s) URL or a file")
            } else {
                switch URLInput.normalized(url.trimmedBlanks(), files: files) {
                case .success(let normalized): definition.url = normalized
                case .failure(let problem): fail("url", "\(problem)")
                }
            }
        }
        if let plugin = file.string(group, "plugin") {
            if plugins.contains(plugin) {
                definition.plugin = plugin
            } else {
                fail("plugin", "\(Suggestion.unknown("plugin", plugin, among: plugins)); known: \(plugins.joined(separator: ", ")) (or leave it out to choose by Content-Type)")
            }
        }
        if let jq = file.string(group, "jq") {
            if definition.plugin != nil {
                fail("jq", "a source with jq= shows jq's results by loadrun's own views; give jq= or plugin=, not both")
            } else {
                definition.jq = jq
            }
        }
        let duration = Self.durationExpected
        definition.interval = value("interval", DurationText.parse, duration)
        if let interval = definition.interval, let problem = WatchArgument.intervalProblem(interval) {
            fail("interval", "\"\(file.string(group, "interval") ?? "")\" is too short; \(problem)")
        }
        definition.settings.retryDelay = value("retry-delay", { DurationArgument(argument: $0)?.duration }, duration)
        definition.settings.retryMaxTime = value("retry-max-time", { DurationArgument(argument: $0)?.duration }, duration)
        definition.settings.timeout = value("timeout", { DurationArgument(argument: $0)?.duration }, duration)
        definition.settings.connectTimeout = value("connect-timeout", { DurationArgument(argument: $0)?.duration }, duration)
        definition.settings.maxSize = value("max-size", { SizeArgument(argument: $0)?.bytes }, "a size such as 512K or 64M")
        definition.settings.retries = value("retry", { Int($0).flatMap { (0...Self.maxRetries).contains($0) ? $0 : nil } },
                                                "a number of retries after the first attempt, from 0 to \(Self.maxRetries)")
        definition.settings.pages = value("pages", { $0 == "all" ? SourceRequest.pageLimit : Int($0).flatMap { (1...SourceRequest.pageLimit).contains($0) ? $0 : nil } },
                                     "a number of pages from 1 to \(SourceRequest.pageLimit), or all")
        definition.settings.pageParameter = value("page-param", { $0.isEmpty ? nil : $0 }, "a query parameter name")
        definition.settings.perPage = value("per-page", { Int($0).flatMap { (1...Self.maxPerPage).contains($0) ? $0 : nil } },
                                                "a page size from 1 to \(Self.maxPerPage)")
        definition.settings.perPageParameter = value("per-page-param", { $0.isEmpty ? nil : $0 }, "a query parameter name")
        definition.settings.followsCrossHostLinks = value("follow-cross-host", { ["true": true, "false": false][$0] }, "true or false")
        definition.settings.insecure = value("insecure", { ["true": true, "false": false][$0] }, "true or false")
        definition.settings.recordsHistory = value("history", { ["yes": true, "no": false, "true": true, "false": false][$0] }, "yes or no")
        definition.settings.keep = value("keep", { Int($0).flatMap { (1...Self.maxKeep).contains($0) ? $0 : nil } },
                                         "a number of versions from 1 to \(Self.maxKeep)")
        // Relative to the sources file's directory, once the plan reads it, as a file: header is.
        definition.settings.caFile = value("cacert", { $0.isEmpty ? nil : $0 }, "the path of a PEM file of CA certificates")
        if definition.settings.caFile != nil { definition.caFileLine = file.line(ofKey: "cacert", inGroup: group) }
        if definition.settings.perPage != nil && definition.settings.pageParameter == nil {
            fail("per-page", "goes with page-param, such as page-param=page")
        }
        if definition.settings.perPageParameter != nil && definition.settings.perPage == nil {
            fail("per-page-param", "goes with per-page, such as per-page=20")
        }
        if let text = file.string(group, "user") {
            // Never quoted back: it may hold the password.
            if let user = UserCredential(text.trimmedBlanks()) {
                definition.credentials.user = user
                definition.userLine = file.line(ofKey: "user", inGroup: group)
            } else {
                fail("user", "is not USER:PASSWORD (or USER alone, with netrc= for the password)")
            }
        }
        if let text = file.string(group, "netrc") {
            if let choice = NetrcChoice(fileValue: text.trimmedBlanks()) {
                definition.credentials.netrc = choice
                definition.netrcLine = file.line(ofKey: "netrc", inGroup: group)
            } else {
                fail("netrc", "is empty; give yes for ~/.netrc, no for none, or a netrc file's path")
            }
        }
        if let method = file.string(group, "method").map({ $0.trimmedBlanks() }) {
            if let problem = RequestSettings.methodProblem(method) { fail("method", "\(problem)") } else { definition.request.method = method }
        }
        // As typed, @FILE relative to this file's directory: read when the source loads.
        if let data = file.string(group, "data") {
            definition.request.data = [data]
            definition.dataLine = file.line(ofKey: "data", inGroup: group)
        }
        if let detail = file.string(group, "detail") {
            switch DetailTemplate.parse(detail) {
            case .success(let template): definition.detail = template
            case .failure(let problem): fail("detail", "\(problem)")
            }
        }
        for entry in file.list(group, "related") ?? [] {
            switch RelatedTemplate.parse(entry) {
            case .success(let related):
                // The view tells the links apart by name.
                if definition.related.contains(where: { $0.name == related.name }) {
                    fail("related", "\"\(related.name)\" is named twice; give each link a name of its own")
                } else {
                    definition.related.append(related)
                }
            case .failure(let problem): fail("related", "\(problem)")
            }
        }
        // Looked for only when set: finding a key's line scans the group's lines.
        guard let headers = file.list(group, "headers") else { return definition }
        definition.headersLine = file.line(ofKey: "headers", inGroup: group)
        for entry in headers {
            switch HeaderSetting.parse(entry) {
            case .success(let header): definition.headers.append(header)
            case .failure(let problem): fail("headers", problem)
            }
        }
        return definition
    }
}

extension SourcesFile {
    /// What a duration's value should be, said when it is not one.
    fileprivate static let durationExpected = "a duration such as \(DurationText.examples)"
}

extension String {
    /// The text without spaces and tabs at either end: what a sources file's value may be
    /// padded with. The text itself, not a copy, when neither end is blank, as almost every
    /// value of a file of thousands of sources is.
    fileprivate func trimmedBlanks() -> String {
        let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = utf8.first, let last = utf8.last, isBlank(first) || isBlank(last) else { return self }
        return String(trimmingBlanks())
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end: what a sources file's value may be
    /// padded with. Cheaper than `trimmingCharacters(in:)`, which builds a set each call, and
    /// it runs several times for each of a file's thousands of sources.
    fileprivate func trimmingBlanks() -> SubSequence {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = firstIndex { !isBlank($0) } ?? endIndex
        let end = self[start...].lastIndex { !isBlank($0) }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
