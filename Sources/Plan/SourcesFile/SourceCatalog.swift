package import Loader

/// The sources a run can name: the built-ins, then the sources file's, in the file's order. A
/// file group with a built-in's name changes that built-in in place.
///
/// What is wrong with the file is kept, not thrown: the run decides, knowing which sources it
/// loads, whether a problem stops it or is only a warning (`RunPlan`).
package struct SourceCatalog {
    /// The definitions built: the built-ins (as the file changes them), then those `add` added.
    private(set) var built: [SourceDefinition] = SourceDefinition.builtIns
    /// The sources file's sources, each built when it is used, after `built` in `definitions`.
    private(set) var unbuilt: UnbuiltSources?
    /// Each name's place in `definitions`.
    private var index: [String: Int] = Dictionary(uniqueKeysWithValues: SourceDefinition.builtIns.enumerated().map { ($1.name, $0) })
    /// The sources file read, if there was one.
    package private(set) var path: String?
    /// Whether a sources file's contents were added: then `--all` means its sources.
    package private(set) var hasFile = false
    /// The file's `[defaults]`, under every source's own settings.
    package private(set) var defaults: SourceDefaults?
    /// Why the sources file as a whole could not be used (it cannot be read, or is not UTF-8
    /// or not a key file): none of its sources is known.
    package private(set) var fileProblem: SourcesFileError?
    /// The groups that define no source for what is wrong with them; the others stand.
    package private(set) var groupProblems: [SourcesFile.GroupProblem] = []
    /// The problems of each source's group, so that asking about each of 1,000 `--source`s
    /// does not scan every problem.
    private var problemIndex: [String: [SourcesFileError]] = [:]

    /// `$XDG_CONFIG_HOME/loadrun/sources.conf`, or under `~/.config` without XDG_CONFIG_HOME.
    package static func defaultPath(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/loadrun/sources.conf" }
        return environment["HOME"].map { $0 + "/.config/loadrun/sources.conf" }
    }

    /// The built-ins alone.
    package init() {}

    /// The largest sources file read.
    package static let sizeLimit = 16 << 20

    /// The built-ins plus the sources file at `path`, as reading it came out (`read`, at most
    /// `sizeLimit` bytes): `explicit` when `--config` named it, and then it must exist.
    /// `files` resolves the file's paths, from its directory.
    package init(path: String, read: Result<[UInt8], LocalFile.ReadError>, explicit: Bool, plugins: [String],
                 files: URLInput.Files) {
        let bytes: [UInt8]
        switch read {
        case .success(let read):
            bytes = read
        case .failure(.missing) where !explicit:
            return
        case .failure(.missing):
            fileProblem = SourcesFileError(path: path, message: "no such file; give --config an existing sources file")
            return
        case .failure(let error):
            fileProblem = SourcesFileError(path: path, message: "cannot read it: \(error)")
            return
        }
        self.path = path
        do {
            add(try SourcesFile.check(bytes: bytes, path: path, plugins: plugins, files: files.relative(to: LocalPath.directory(of: path))))
        } catch {
            fileProblem = error
        }
    }

    /// Adds a checked file's sources, and its problems, as `add(_: Contents)` adds a parsed
    /// file's, without building its sources: each is built from the file when it is used.
    private mutating func add(_ checked: consuming SourcesFile.Checked) {
        hasFile = true
        if let defaults = checked.defaults { self.defaults = defaults }
        for problem in checked.problems { record(problem) }
        var sources = UnbuiltSources(reader: checked.reader, base: built.count + (unbuilt?.count ?? 0))
        let base = sources.base
        sources.slots.reserveCapacity(checked.sources.count)
        index.reserveCapacity(base + checked.sources.count)
        for source in checked.sources {
            if let existing = index[source.name] {
                // Two groups of one file can name one source: `[source a]`, `[source  a]`.
                if existing >= base {
                    sources.addCopy(source, at: existing - base)
                } else if existing < built.count {
                    built[existing] = built[existing].overlaid(with: sources.reader.definition(named: source.name, group: source.group))
                } else {
                    unbuilt?.addCopy(source, at: existing - built.count)
                }
                continue
            }
            guard source.hasURL else {
                record(SourcesFile.GroupProblem(source: source.name, error: SourcesFileError(
                    path: sources.reader.path, line: sources.reader.file.line(ofGroup: source.group), key: "url",
                    message: "[source \(source.name)] has no url; every source but the built-ins needs one")))
                continue
            }
            index[source.name] = base + sources.slots.count
            sources.slots.append(UnbuiltSources.Slot(name: source.name, group: source.group, secrets: source.secrets))
        }
        if unbuilt != nil {
            // A second file: rare, so its sources are built, not kept beside the first's.
            materialize()
            let definitions = (0..<sources.count).map { sources.definition(at: $0) }
            built += definitions
        } else {
            unbuilt = sources
        }
    }

    /// Builds every unbuilt source, so that definitions can be added after them.
    private mutating func materialize() {
        guard let unbuilt else { return }
        built += (0..<unbuilt.count).map { unbuilt.definition(at: $0) }
        self.unbuilt = nil
    }

    /// Adds a file's sources, and its problems; a new source without a url is one.
    ///
    /// The file's definitions are kept in their own array, compacted in place, with the
    /// catalog's before them: 100,000 definitions are not held twice, in `contents` and here.
    package mutating func add(_ contents: consuming SourcesFile.Contents) {
        materialize()
        hasFile = true
        if let defaults = contents.defaults { self.defaults = defaults }
        for problem in contents.problems { record(problem) }
        var file = contents.definitions
        contents.definitions = []
        let base = built.count
        index.reserveCapacity(base + file.count)
        var kept = 0
        for position in file.indices {
            let definition = file[position]
            if let existing = index[definition.name] {
                // Two groups of one file can name one source: `[source a]`, `[source  a]`.
                if existing >= base {
                    file[existing - base] = file[existing - base].overlaid(with: definition)
                } else {
                    built[existing] = built[existing].overlaid(with: definition)
                }
                continue
            }
            guard definition.url != nil else {
                guard case .file(let path, let line) = definition.origin else { continue }
                record(SourcesFile.GroupProblem(source: definition.name, error: SourcesFileError(
                    path: path, line: line, key: "url", message: "[source \(definition.name)] has no url; every source but the built-ins needs one")))
                continue
            }
            index[definition.name] = base + kept
            if kept != position { file.swapAt(kept, position) }
            kept += 1
        }
        file.removeSubrange(kept...)
        file.insert(contentsOf: built, at: 0)
        built = file
    }

    private mutating func record(_ problem: SourcesFile.GroupProblem) {
        groupProblems.append(problem)
        if let source = problem.source { problemIndex[source, default: []].append(problem.error) }
    }

    /// What is wrong with the group of source `name`, every problem in the file's order; none
    /// when it stands.
    package func problems(ofSource name: String) -> [SourcesFileError] {
        problemIndex[name] ?? []
    }

    /// Source `name`, built now when it comes from the sources file.
    package func definition(named name: String) -> SourceDefinition? {
        index[name].map { definitions[$0] }
    }

    /// Every source: the built-ins, then the sources file's, in the file's order. Each of the
    /// file's is built when it is read, so that a listing or `--all` holds one at a time.
    package var definitions: Definitions { Definitions(built: built, unbuilt: unbuilt) }

    /// `definitions` as `loadrun sources` lists them: of each of the file's sources only what
    /// the listing shows is read (name, url, plugin, interval, user and netrc, detail and
    /// related, origin), the rest left unset. For a listing, never for a run.
    package var shown: Definitions { Definitions(built: built, unbuilt: unbuilt, shownOnly: true) }

    /// The sources' names, in the order of `definitions`, without building them.
    package var names: [String] { built.map(\.name) + (unbuilt?.slots.map(\.name) ?? []) }

    /// What `--all` loads: the sources file's sources (the built-ins it changes first, then its
    /// own, in its order); the built-ins only when there is no sources file. A built-in the file does
    /// not name loads only when it is named.
    package var configured: [SourceDefinition] {
        hasFile ? definitions.filter { $0.origin != .builtIn } : Array(definitions)
    }

    /// A warning when the sources file holds a secret and others can read it (its `mode`), as
    /// ssh warns of a private key left open; nil when there is nothing to say.
    package func secretExposure(mode: UInt32?) -> String? {
        guard let path, let mode, mode & 0o077 != 0 else { return nil }
        let secret: String
        if let exposed = first(holding: .header, where: { $0.headers.contains(where: \.isSecretInFile) }),
           let header = exposed.headers.first(where: \.isSecretInFile) {
            secret = "the \(header.name) header of \(exposed.name)"
        } else if defaults?.settings.credentials.user?.password != nil {
            secret = "the password in the user of [defaults]"
        } else if let exposed = first(holding: .userPassword, where: { $0.credentials.user?.password != nil }) {
            secret = "the password in the user of \(exposed.name)"
        } else if let exposed = first(holding: .urlPassword, where: { $0.url.map { URLCredentials.masked($0) != $0 } ?? false }) {
            secret = "the password in the url of \(exposed.name)"
        } else {
            return nil
        }
        let octal = String(mode, radix: 8)
        return "warning: \(path) holds a secret (\(secret)) and is readable by "
            + "group or others (mode \(octal)); run chmod 600 \(path), or take the value from env: or file:"
    }
}
