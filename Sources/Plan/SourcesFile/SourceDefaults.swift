import Loader

/// The sources file's `[defaults]` group: settings for every source of the file, the built-ins
/// and the sources of `--url`, under each one's own:
///
/// ```
/// [defaults]
/// interval=1m
/// timeout=10s
/// retry=5
/// headers=Accept-Language=en
/// max-items=20
/// ```
///
/// Which setting holds, highest first: the command line, the source's own group, `[defaults]`,
/// loadrun's built-in default. Headers go by name: a source's `Authorization` replaces the
/// defaults' of that name and leaves their `Accept-Language`.
package struct SourceDefaults: Equatable {
    /// The group's name.
    package static let group = "defaults"
    /// Keys a source's group may set that belong to one source, not to every one.
    private static let ownKeys: Set<String> = ["url", "plugin", "jq", "detail", "related", "method", "data", "cookies"]
    /// The keys `[defaults]` may set: a source's, but for its own, and `max-items`, which shows
    /// every source's lists.
    package static let keys = SourcesFile.keys.filter { !ownKeys.contains($0) } + ["max-items"]

    /// The settings, headers and interval, read as a source's group is: named `defaults`, with
    /// no url, from the file's place.
    package var settings: SourceDefinition
    /// `max-items`: the most items of a list shown, unless `--max-items` says.
    package var maxItems: Int?

    /// `definition`'s own settings over these: the source's group wins, then these. Headers
    /// are not merged here: each is read from its own group, with its own line (`RunPlan`).
    package func applied(to definition: SourceDefinition) -> SourceDefinition {
        var result = definition
        result.settings = settings.settings.overlaid(with: definition.settings)
        result.interval = definition.interval ?? settings.interval
        result.credentials = settings.credentials.overlaid(with: definition.credentials)
        return result
    }

    /// Why `key` may not be in a group that takes `allowed`, when it belongs elsewhere; nil for
    /// a key that is simply unknown.
    static func misplaced(_ key: String, allowed: [String]) -> SourcesFileError.Problem? {
        if ownKeys.contains(key) && !allowed.contains(key) {
            return "belongs to one source's group; [defaults] sets what every source shares (\(allowed.joined(separator: ", ")))"
        }
        if key == "max-items" && !allowed.contains(key) { return "goes in [defaults], for every source, or on the command line" }
        if key == "watch" {
            return "a source's reload interval is interval=; a run watches only with --watch, which takes that interval"
        }
        return nil
    }
}

extension SourcesFile {
    /// Reads `[defaults]` into `contents`, or its problems, every one.
    static func readDefaults(in file: KeyFile, line: Int?, repeatedAt again: Int?, path: String, plugins: [String],
                             files: URLInput.Files, into contents: inout Contents) {
        let group = SourceDefaults.group
        func problem(_ error: SourcesFileError) -> GroupProblem { GroupProblem(source: nil, error: error, isDefaults: true) }
        if let again {
            contents.problems.append(problem(SourcesFileError(path: path, line: again,
                                                              message: "[\(group)] appears twice, first at line \(line ?? 0); merge the two")))
            return
        }
        guard let section = file.group(named: group) else { return }
        var problems: [SourcesFileError] = []
        let settings = definition(named: group, group: section, in: file, path: path, plugins: plugins, files: files,
                                  allowed: SourceDefaults.keys, problems: &problems)
        var maxItems: Int?
        if let text = file.string(group, "max-items") {
            maxItems = Int(text.trimmingCharacters(in: " \t")).flatMap { $0 >= 1 ? $0 : nil }
            if maxItems == nil {
                problems.append(SourcesFileError(path: path, line: file.line(ofKey: "max-items", inGroup: group) ?? line,
                                                 key: "max-items", message: "\"\(text)\" is not a number of items, 1 or more"))
            }
        }
        guard problems.isEmpty else { return contents.problems += problems.map(problem) }
        contents.defaults = SourceDefaults(settings: settings, maxItems: maxItems)
    }
}
