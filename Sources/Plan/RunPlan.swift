import Loader
package import Plugins

/// Turns `--source`, `--url`, `--url-file`, `--all`, `--shard`, the words given without an
/// option and the catalog into the requests a run makes, in the order given.
package struct RunPlan {
    package var sourceNames: [String]
    package var urls: [String]
    /// The words given without an option: each a source's name or a URL (`Operand`), after
    /// the `--source`s or `--url`s.
    package var operands: [String]
    /// `--url-file`'s URLs, once read: they follow the `--url`s.
    package var urlList: URLList?
    package var all: Bool
    /// Only the sources whose names hash to it; nil for all of them.
    package var shard: Shard?
    package var settings: SourceSettings
    /// Whether content is piped (or redirected from a file) into standard input: with no
    /// source, URL or list named, that is what the run loads, as `--url -` (as `jq` reads its
    /// input); a terminal or `/dev/null` leaves the bare run's sample posts.
    package var standardInputHoldsContent = false
    /// The word after a `--color` that took none of its values, which was read as a source's
    /// name or a URL: when it names no source, the message says what `--color` takes.
    package var wordAfterColor: String?

    package init(sourceNames: [String], urls: [String], operands: [String] = [], urlList: URLList? = nil, all: Bool,
                 shard: Shard? = nil, settings: SourceSettings) {
        self.sourceNames = sourceNames
        self.urls = urls
        self.operands = operands
        self.urlList = urlList
        self.all = all
        self.shard = shard
        self.settings = settings
    }

    /// The requests a run makes, and the warnings it goes on after.
    package struct Planned {
        package var requests: [SourceRequest]
        /// Problems of the sources file that this run does not need, each a line to say.
        package var warnings: [String]
        /// Said unless `-q`: a shard that holds none of the run's sources.
        package var notes: [String] = []
    }

    /// The requests, with headers read from the environment or files now. `files` resolves a
    /// `--url` that is a path.
    ///
    /// A problem in the sources file stops only a run that needs what it breaks: a broken
    /// group stops a run that loads its source (by `--source`, `--all`, or the bare run's
    /// posts), and is a warning for any other. A file that cannot be read or parsed at all
    /// defines no source anyone can trust, so it stops every run that takes a source from the
    /// file; a run of `--url`s alone takes none and goes on with a warning.
    package func requests(catalog: SourceCatalog, registry: PluginRegistry, environment: [String: String],
                  files: URLInput.Files) throws(UsageFailure) -> Planned {
        var plan = self
        plan.operands = []
        // Made only when there are operands to tell apart: a file's 100,000 names are a set of
        // their own.
        let known = operands.isEmpty ? [] : Set(catalog.names + catalog.groupProblems.compactMap(\.source))
        for word in operands {
            switch Operand.classify(word, sourceNames: known, files: files) {
            case .source(let name): plan.sourceNames.append(name)
            case .url(let url): plan.urls.append(url)
            }
        }
        if standardInputHoldsContent, plan.sourceNames.isEmpty, plan.urls.isEmpty, plan.urlList == nil, !all {
            plan.urls = ["-"]
        }
        return try plan.plannedRequests(catalog: catalog, registry: registry, environment: environment, files: files,
                                        operandNames: Set(operands))
    }

    /// `requests`, once each operand is a `--source` or a `--url`; `operandNames` are the
    /// words given without an option, whose message, when no source has the name, says how
    /// to give a URL instead.
    private func plannedRequests(catalog: SourceCatalog, registry: PluginRegistry, environment: [String: String],
                                 files: URLInput.Files, operandNames: Set<String>) throws(UsageFailure) -> Planned {
        let givesURLs = !urls.isEmpty || urlList.map { !$0.entries.isEmpty } ?? false
        // Said as the user gave them: a run of --url-file alone never wrote --url.
        let urlOption = urls.isEmpty && urlList != nil ? "--url-file" : "--url"
        if all && !sourceNames.isEmpty { throw UsageFailure(message: "give --all or --source, not both") }
        if all && givesURLs { throw UsageFailure(message: "\(urlOption) names sources of its own; it does not go with --all") }
        if sourceNames.count > 1 && givesURLs {
            throw UsageFailure(message: "\(urlOption) replaces the URL of one --source; with several, set each url in the sources file")
        }
        let urls = try normalizedURLs(files: files)
        if urlList != nil && sourceNames.isEmpty && urls.isEmpty {
            // An empty list loads nothing rather than the sample posts a bare run would.
            throw UsageFailure(message: "--url-file \(urlList!.path): holds no URL; give one a line")
        }
        let takesFromFile = all || !sourceNames.isEmpty || urls.isEmpty
        var warnings: [String] = []
        if let problem = catalog.fileProblem {
            guard !takesFromFile else { throw UsageFailure(message: problem.description) }
            warnings.append("warning: \(problem) (this run loads no source from it)")
        }
        var failures: [String] = []
        var definitions: [SourceDefinition] = []
        // A broken group stops only the shard that would load its source; a group that is not
        // [source NAME] belongs to no shard, and stops every one, as it stops --all.
        var brokenElsewhere: Set<String> = []
        func inShard(_ name: String?) -> Bool {
            guard let name, let shard, !shard.holds(name) else { return true }
            brokenElsewhere.insert(name)
            return false
        }
        if all {
            failures = catalog.groupProblems.filter { inShard($0.source) }.map(\.error.description)
            definitions = catalog.configured
            if catalog.hasFile, definitions.isEmpty, catalog.groupProblems.isEmpty {
                throw UsageFailure(message: "--all loads the sources of \(catalog.path ?? "the sources file"), and it defines none; add a [source NAME] group, or name a built-in, such as loadrun posts")
            }
        } else if !sourceNames.isEmpty {
            var given: Set<String> = []
            // Made once, and only for a name nothing answers to.
            lazy var known = catalog.names + catalog.groupProblems.compactMap(\.source)
            lazy var notSources = catalog.groupProblems.filter { $0.source == nil }.map(\.error.description)
            lazy var configured = catalog.names.joined(separator: ", ")
            for name in sourceNames {
                let problems = catalog.problems(ofSource: name)
                if !problems.isEmpty {
                    if inShard(name) { failures += problems.map(\.description) }
                } else if let definition = catalog.definition(named: name) {
                    guard given.insert(name).inserted else {
                        throw UsageFailure(message: "--source \(name) is given twice")
                    }
                    definitions.append(definition)
                } else {
                    // A group that is not [source NAME] may be the one meant: say it first.
                    failures += notSources
                    if name == wordAfterColor {
                        failures.append("--color takes auto, always or never, not \"\(name)\", which names no source either (configured: \(configured))")
                        continue
                    }
                    let hint = operandNames.contains(name) && Suggestion.nearest(to: name, among: known) == nil ? Operand.hostHint(name) : ""
                    failures.append("\(Suggestion.unknown("source", name, among: known)); configured: \(configured) (see loadrun sources)\(hint)")
                }
            }
            if let url = urls.first, !definitions.isEmpty { definitions[0].url = url }
        } else if !urls.isEmpty {
            definitions = Self.adHocDefinitions(for: urls)
        } else if !catalog.problems(ofSource: "posts").isEmpty {
            if inShard("posts") { failures += catalog.problems(ofSource: "posts").map(\.description) }
        } else {
            definitions = [catalog.definition(named: "posts") ?? SourceDefinition.builtIns[0]]
        }
        // [defaults] is under every source, a --url's too: a broken one stops every run.
        failures = catalog.groupProblems.filter(\.isDefaults).map(\.error.description) + failures
        if !failures.isEmpty {
            // The rest of the file's problems too, as warnings: every problem in one run.
            let stopping = Set(failures)
            let others = catalog.groupProblems.map(\.error.description).filter { !stopping.contains($0) }
            throw UsageFailure(messages: Self.once(failures) + Self.once(others).map { "warning: \($0)" })
        }
        var notes: [String] = []
        if let shard {
            // A built-in that a broken group changes is both defined and broken: count it once.
            let count = brokenElsewhere.union(definitions.map(\.name)).count
            definitions = definitions.filter { shard.holds($0.name) }
            if definitions.isEmpty {
                let what = count == 1 ? "does not hold the run's one source" : "holds none of the run's \(count) sources"
                notes.append("shard \(shard) \(what); nothing to load")
            }
        }
        let loaded = Set(definitions.map(\.name))
        for problem in catalog.groupProblems where !(problem.source.map(loaded.contains) ?? false) {
            let skipped = problem.source.map { " (source \($0) is skipped: this run does not load it)" } ?? " (skipped)"
            warnings.append("warning: \(problem.error)\(skipped)")
        }
        // Read once for every source: standard input can be read only once.
        let body = try settings.request.body(files: files, directory: files.directory, place: settings.request.option)
        var requests: [SourceRequest] = []
        var programs = JQPrograms(arguments: settings.jqArguments)
        var netrcs = NetrcFiles()
        for definition in definitions {
            requests.append(try request(for: definition, defaults: catalog.defaults, commandLineBody: body, registry: registry,
                                        programs: &programs, netrcs: &netrcs, environment: environment, files: files))
        }
        if let unretried = requests.first(where: { $0.retriesWithheld }) {
            notes.append("\(unretried.options.method) is not idempotent: it is sent once, not retried; --retry-all-errors retries it")
        }
        return Planned(requests: requests, warnings: warnings, notes: notes)
    }

    /// `lines` without repeats, in their order.
    private static func once(_ lines: [String]) -> [String] {
        var seen: Set<String> = []
        return lines.filter { seen.insert($0).inserted }
    }

    private func request(for own: SourceDefinition, defaults: SourceDefaults?, commandLineBody: RequestBody?, registry: PluginRegistry,
                         programs: inout JQPrograms, netrcs: inout NetrcFiles, environment: [String: String],
                         files: URLInput.Files) throws(UsageFailure) -> SourceRequest {
        let selection: PluginSelection
        let jqProgram = settings.jq ?? (settings.plugin == nil ? own.jq : nil)
        if let text = jqProgram {
            // Compiled here, before any request, once for every source that runs it.
            let place = settings.jq != nil ? "--jq" : "\(own.origin.prefix(line: own.jqLine))jq"
            // A sources file someone else could write may not read the environment and files
            // through jq, as it may not through env: and file: values.
            let confined = settings.jq == nil && own.origin.path.map { files.trustProblem($0) != nil } == true
            selection = .fixed(AnyContentDecoder(JQPlugin(program: try programs.program(text, place: place, confined: confined))))
        } else if let name = settings.plugin ?? own.plugin {
            guard let plugin = try? registry.plugin(named: name) else {
                throw UsageFailure(message: "\(own.origin.prefix)\(Suggestion.unknown("plugin", name, among: registry.names)); known: \(registry.names.joined(separator: ", "))")
            }
            selection = .fixed(plugin.decoder)
        } else {
            selection = .fromResponse(registry.decoders, accept: registry.acceptHeader)
        }
        // A CA file is relative to the file that names it, and said at its line there.
        func expandingCAFile(of definition: SourceDefinition) -> SourceDefinition {
            var definition = definition
            let directory = definition.origin.path.map(LocalPath.directory) ?? "."
            definition.settings.caFile = definition.settings.caFile.map { LocalPath.expand($0, relativeTo: directory, environment: environment) }
            return definition
        }
        let caFileFrom = own.settings.caFile == nil ? defaults.map(\.settings).flatMap { $0.settings.caFile == nil ? nil : $0 } ?? own : own
        let definition = defaults.map { defaults in
            var under = defaults
            under.settings = expandingCAFile(of: defaults.settings)
            return under.applied(to: expandingCAFile(of: own))
        } ?? expandingCAFile(of: own)
        let load = definition.settings.overlaid(with: settings.load)
        // The defaults' headers, then the source's own over them by name.
        var fileHeaders = try defaults.map { defaults throws(UsageFailure) in
            try resolvedHeaders(of: defaults.settings, environment: environment, files: files)
        } ?? []
        for header in try resolvedHeaders(of: own, environment: environment, files: files) {
            fileHeaders.removeAll { $0.name.lowercased() == header.name.lowercased() }
            fileHeaders.append(header)
        }
        // A relative file: on the command line is read from where the command runs.
        let headers = try settings.headers.applied(to: fileHeaders) { header throws(UsageFailure) in
            switch header.resolved(environment: environment, directory: ".", read: files.read) {
            case .success(let resolved): return resolved
            case .failure(let problem): throw UsageFailure(message: "-H: \(problem.text)")
            }
        }
        var options = FetchOptions(deadline: load.timeout ?? FetchOptions.defaultDeadline,
                                   maxBodySize: load.maxSize ?? FetchOptions.defaultMaxBodySize,
                                   connectTimeout: load.connectTimeout ?? LoadSettings.defaultConnectTimeout,
                                   headers: headers)
        options.omittedHeaders = settings.headers.omitted
        if let maxRedirects = load.maxRedirects { options.maxRedirects = maxRedirects }
        options.cookies = try CookieSettings.sourceCookies(file: definition.cookies, taking: &options.headers, commandLine: settings.cookies)
        options.standardInputDeadline = load.timeout
        options.credentials = try credentials(for: own, defaults: defaults, url: definition.url, environment: environment, files: files,
                                              netrcs: &netrcs)
        if let caFile = load.caFile, let problem = TLSTrust.problem(withCAFile: caFile) {
            let place = settings.load.caFile != nil ? "--cacert" : "\(caFileFrom.origin.prefix(line: caFileFrom.caFileLine))cacert"
            throw UsageFailure(message: "\(place): \(caFile) \(problem); give a PEM file of CA certificates")
        }
        options.tls = TLSTrust(caFile: load.caFile, insecure: load.insecure == true)
        // The embedded sample source listens on a new port each run: a copy of it would be
        // found by no later run.
        options.keepsCopy = definition.url != nil
        // The command line's body replaces the file's, and its method the file's. A file's
        // `@FILE` is read only from a sources file that is the user's own, as `file:` is: one
        // that anyone can write must not send the user's files (or environment) out.
        if !settings.request.hasBody, own.request.readsFromOutside, let path = own.origin.path, let problem = files.trustProblem(path) {
            throw UsageFailure(message: "\(own.origin.prefix(line: own.dataLine))data: @FILE values are read only from a sources file that "
                + "is yours and that no one else can write, and \(problem); run chmod go-w \(path), or give the body with -d")
        }
        let body = settings.request.hasBody ? commandLineBody
            : try own.request.body(files: files, directory: own.origin.path.map(LocalPath.directory) ?? ".",
                                   place: "\(own.origin.prefix(line: own.dataLine))data")
        options.method = (settings.request.method != nil || settings.request.upload != nil ? settings.request : own.request).method(withBody: body != nil)
        options.body = body
        if let accept = settings.request.hasBody ? settings.request.accept : own.request.accept { options.accept = accept }
        // A request that is not idempotent may have done its work before it failed: it is sent
        // once unless the user asks for it again, as curl's --retry-all-errors does.
        let withheld = !RequestSettings.idempotentMethods.contains(options.method) && !settings.retriesEveryError
        let retries = settings.noRetry || withheld ? 0 : load.retries ?? LoadSettings.defaultRetries
        var retryPolicy = retries == 0 ? RetryPolicy.never : RetryPolicy(maxAttempts: retries + 1,
                                                                         baseDelay: load.retryDelay ?? LoadSettings.defaultRetryDelay,
                                                                         budget: load.retryMaxTime)
        retryPolicy.retriesEveryError = settings.retriesEveryError && retries > 0
        retryPolicy.retriesRefusedConnections = settings.retriesRefusedConnections && retries > 0
        // Standard input is read once: a retry would read what is left of it.
        if definition.url == "-" { retryPolicy = .never }
        var request = SourceRequest(
            sourceName: definition.name,
            url: definition.url,
            samplePath: "/\(definition.name)",
            plugin: selection,
            options: options,
            retryPolicy: retryPolicy,
            pageParameter: load.pageParameter.map { name in
                Pagination.PageParameter(name: name, perPage: load.perPage.map { (load.perPageParameter ?? LoadSettings.defaultPerPageParameter, $0) })
            },
            followsCrossHostLinks: load.followsCrossHostLinks == true,
            pages: load.pages ?? 1,
            interval: definition.interval,
            detail: settings.detail ?? definition.detail,
            related: definition.related
        )
        // Said only where retries were asked for: --retry, or retry= in the file.
        request.retriesWithheld = withheld && !settings.noRetry && (load.retries ?? 0) > 0
        // The history keeps what the source's own request brings: a method or a body given on
        // the command line (`-X DELETE`, `-d`) is an action on it, whose answer is no version.
        let isOwnRequest = (options.method == "GET" && options.body == nil) || (settings.request.method == nil && !settings.request.hasBody)
        request.historyKeep = load.recordsHistory == false || !isOwnRequest ? nil : load.keep ?? HistoryLocation.defaultKeep
        request.jqProgram = jqProgram
        return request
    }

    /// The headers `definition`'s group sets, with `env:` and `file:` values read now: only
    /// from a sources file that is the user's and that no one else can write.
    private func resolvedHeaders(of definition: SourceDefinition, environment: [String: String],
                                 files: URLInput.Files) throws(UsageFailure) -> [RequestHeader] {
        if let path = definition.origin.path, definition.headers.contains(where: \.readsFromOutside),
           let problem = files.trustProblem(path) {
            throw UsageFailure(message: "\(definition.origin.prefix(line: definition.headersLine))headers: env: and file: values are read "
                + "only from a sources file that is yours and that no one else can write, and \(problem); run chmod go-w \(path), "
                + "or give the header with -H")
        }
        let directory = definition.origin.path.map(LocalPath.directory) ?? "."
        var resolved: [RequestHeader] = []
        for header in definition.headers {
            switch header.resolved(environment: environment, directory: directory, read: files.read) {
            case .success(let header): resolved.append(header)
            case .failure(let problem):
                throw UsageFailure(message: "\(definition.origin.prefix(line: definition.headersLine))headers: \(problem.text)")
            }
        }
        return resolved
    }
}
