#if canImport(Glibc)
import Glibc
#endif
import Loader
import Store
import Plugins
package import Plan

/// What `loadrun [options]` does once its options are parsed: the plan, from the run's plugin
/// table and sources file, then one load session under the schedule asked for. The `@main`
/// command only declares the options and hands them here.
package struct LoadInvocation {
    package var plan: RunPlan
    /// `--url-file`: read when the run starts, into the plan.
    package var urlFile: String?
    package var configPath: String?
    package var output: OutputFormat
    /// The schedule asked for: `--watch`'s interval, or once.
    package var requestedSchedule: LoadSession.Schedule
    /// `--browse` and `--no-prefetch`: whether the browse view was asked for, and how it
    /// loads details. `requestedSchedule` stays `.once` for `--browse` alone (the interval's
    /// for `--browse --watch`); `schedule` makes that the browse schedule.
    package var browse: BrowseSettings
    package var view: ViewOptions
    package var maxConnections: Int
    package var maxPerHost: Int
    package var usesCache: Bool
    /// `--http1.1`: never HTTP/2, for a server whose HTTP/2 is broken.
    package var forcesHTTP1: Bool
    package var verbosity: Verbosity
    /// `--trace FILE`: where `-v`'s trace is written too, with times.
    package var traceFile: String?
    /// `--until`… and `--on-change`: they reload on the watch's interval, `--watch` given or not.
    package var scripting: ScriptingSettings
    /// `--unseen`: show only the items no earlier run showed.
    package var showsUnseen = false
    /// `--unread`: show only the items never opened in the full-screen view.
    package var showsUnread = false
    /// `-x`: the proxy every request goes through.
    package var proxy: String?
    /// `-o`, `-O` and the rest: the sources saved to files.
    package var downloads = DownloadSettings()
    /// `-b` and `-c`: the cookie files read at the start and written at the end.
    package var cookies = CookieSettings()

    package init(plan: RunPlan, urlFile: String? = nil, configPath: String?, output: OutputFormat, schedule: LoadSession.Schedule,
                 browse: BrowseSettings = BrowseSettings(), view: ViewOptions, maxConnections: Int, maxPerHost: Int,
                 usesCache: Bool, forcesHTTP1: Bool = false, verbosity: Verbosity = .normal, traceFile: String? = nil,
                 scripting: ScriptingSettings = ScriptingSettings()) {
        self.scripting = scripting
        self.verbosity = verbosity
        self.traceFile = traceFile
        self.plan = plan
        self.urlFile = urlFile
        self.configPath = configPath
        self.output = output
        self.requestedSchedule = schedule
        self.browse = browse
        self.view = view
        self.maxConnections = maxConnections
        self.maxPerHost = maxPerHost
        self.usesCache = usesCache
        self.forcesHTTP1 = forcesHTTP1
    }

    /// Runs and says how it went; a bad sources file or plan is said on stderr, and is a usage
    /// error.
    package func run(in context: RunContext) -> RunOutcome {
        // Broken pipes are reported by write() as EPIPE and handled where stdout is written.
        signal(SIGPIPE, SIG_IGN)
        let environment = context.environment
        let diagnostics = context.diagnostics
        context.reportSkippedPlugins()
        var registry = context.plugins
        var plan = plan
        let catalog = context.catalog(configPath: configPath)
        if let warning = catalog.secretExposure { diagnostics.say("loadrun: \(warning)") }
        let requests: [SourceRequest]
        do throws(UsageFailure) {
            // `-c posts`, typed for jq's compact output as -c once was: the cookies would go to
            // a file named like the source, and the source load unasked.
            if let jar = cookies.jarFile, !jar.contains("/"), catalog.definition(named: jar) != nil {
                throw UsageFailure(message: "-c \(jar): -c FILE writes the cookies to FILE, as curl's --cookie-jar, and \(jar) is a source's name; "
                    + "for JSON on one line, as jq -c, give --compact-output (or -c ./\(jar) for a file of that name)")
            }
            if let urlFile { plan.urlList = try readList(urlFile) }
            plan.standardInputHoldsContent = StandardInput.holdsContent
            let planned = try plan.requests(catalog: catalog, registry: registry, environment: environment,
                                            files: .current(environment: environment))
            for warning in planned.warnings { diagnostics.say("loadrun: \(warning)") }
            if verbosity > .quiet { for note in planned.notes { diagnostics.say("loadrun: \(note)") } }
            // An empty shard: nothing to load or watch, and nothing wrong.
            if planned.requests.isEmpty { return .success }
            requests = try downloading(planned.requests, registry: &registry)
            // Sources that run a jq program (compiled in the plan, before any request) need
            // its results' renderer in the table.
            if let jq = requests.lazy.compactMap(\.jqDecoder).first { registry.register(Plugin(decoder: jq, renderer: JQPlugin.renderer)) }
            if let caFile = Self.systemCAFile(environment), let problem = TLSTrust.problem(withCAFile: caFile) {
                throw UsageFailure(message: "SSL_CERT_FILE: \(caFile) \(problem); give a PEM file of CA certificates, or unset it")
            }
        } catch {
            return context.refuse(error)
        }
        var trace: TraceFile?
        if let traceFile {
            switch TraceFile.open(traceFile, report: { diagnostics.say($0) }) {
            case .success(let file): trace = file
            case .failure(let failure): return context.refuse(failure)
            }
        }
        let terminal = Terminal.current(environment: environment, color: view.color)
        let presenter = PresenterChoice.presenter(format: output, schedule: schedule, terminal: terminal,
                                                  output: context.output, usesMouse: browse.usesMouse,
                                                  // Asked for, the full-screen view stays at a met wait.
                                                  waits: scripting.wait != nil && !browse.isEnabled,
                                                  head: view.head)
        var client = clientConfiguration(environment: environment)
        let jar = cookies.readFiles()
        client.cookies = jar.cookies
        for warning in jar.warnings { diagnostics.say("loadrun: warning: \(warning)") }
        let session = LoadSession(requests: requests, plugins: registry, schedule: schedule, presenter: presenter, terminal: terminal,
                                  view: view.over(catalog.defaults),
                                  verbosity: verbosity, client: client,
                                  prefetchesDetails: browse.prefetches, scripting: scripting, format: output,
                                  history: history(for: requests, environment: environment, diagnostics: diagnostics), showsUnseen: showsUnseen, showsUnread: showsUnread,
                                  diagnostics: diagnostics, output: context.output, trace: trace)
        session.cookieJarFile = cookies.jarFile
        let started = time(nil)
        let outcome = session.run()
        sayKeptParts(of: requests, since: started, diagnostics: diagnostics)
        return outcome
    }

    /// Says where each download that did not come whole left what it got: the part a run
    /// with `-C -` resumes from.
    private func sayKeptParts(of requests: [SourceRequest], since started: time_t, diagnostics: Diagnostics) {
        for request in requests {
            guard case .fixed(let decoder) = request.plugin, let target = decoder.decoder(as: DownloadPlugin.self)?.target else { continue }
            var info = stat()
            // This run's part: one an earlier run left, and this one did not touch, is no news.
            guard stat(target.partPath, &info) == 0, info.st_mtim.tv_sec >= started else { continue }
            diagnostics.say("loadrun: \(request.sourceName): kept the \(ByteCount.format(Int(info.st_size))) that came in \(target.partPath), not \(target.path); run it again with -C - to resume")
        }
    }

    /// `requests` with those `-o` and `-O` save made downloads (see `DownloadSettings`), and
    /// the download plugin's renderer in the table when there are any.
    private func downloading(_ requests: [SourceRequest], registry: inout PluginRegistry) throws(UsageFailure) -> [SourceRequest] {
        let targets = try downloads.targets(for: requests)
        guard targets.contains(where: { $0 != nil }) else { return requests }
        if schedule != .once {
            throw UsageFailure(message: "-o and -O save a download once; --watch, --browse and the waits reload, so give one or the other")
        }
        var requests = requests
        for (index, target) in targets.enumerated() {
            guard let target else { continue }
            DownloadSettings.apply(target, to: &requests[index], load: plan.settings.load)
            registry.register(Plugin(DownloadPlugin(target: target)))
        }
        return requests
    }

    /// The schedule the run keeps: `--browse` alone loads once and stays (with `--watch`, the
    /// watch is already that view); a wait or a command on change reloads on the watch's
    /// interval, each source's own when `--watch` gave none.
    private var schedule: LoadSession.Schedule {
        if browse.isEnabled && requestedSchedule == .once { return .browse }
        if scripting.reloads && requestedSchedule == .once { return .interval(nil) }
        return requestedSchedule
    }

    /// The history the run records in, unless none of its sources is recorded; its problems
    /// are warnings, never the run's failure.
    private func history(for requests: [SourceRequest], environment: [String: String], diagnostics: Diagnostics) -> HistoryStore? {
        guard requests.contains(where: { $0.historyKeep != nil }), let directory = HistoryLocation.directory(environment: environment) else {
            return nil
        }
        return HistoryStore(directory: directory) { problem in diagnostics.say("loadrun: warning: \(problem)") }
    }

    /// The list `--url-file` names, which under `--watch` may not name standard input: it
    /// cannot be read again for a reload.
    private func readList(_ path: String) throws(UsageFailure) -> URLList {
        let list = try URLList.read(path).get()
        if case .interval = schedule, let entry = list.entries.first(where: { $0.text == "-" }) {
            throw UsageFailure(message: "\(list.displayName):\(entry.line): standard input cannot be reloaded; --watch needs a URL or a file")
        }
        return list
    }

    /// The HTTP client's limits and copy store, as the options set them.
    private func clientConfiguration(environment: [String: String]) -> HTTPClientConfiguration {
        var configuration = HTTPClientConfiguration()
        configuration.maxConnections = maxConnections
        configuration.maxConnectionsPerHost = min(maxPerHost, maxConnections)
        configuration.storeDirectory = usesCache ? CopyStoreLocation.directory(environment: environment) : nil
        configuration.copyKeyDirectory = CopyStoreLocation.keyDirectory(environment: environment)
        configuration.caFile = Self.systemCAFile(environment)
        configuration.forcesHTTP1 = forcesHTTP1
        configuration.usesProxyResolver = Self.proxyVariables.contains { environment[$0]?.isEmpty == false }
        configuration.proxy = proxy
        return configuration
    }

    /// The variables that name a proxy, as curl and libproxy read them: with none of them set,
    /// requests connect directly, as curl's do.
    static let proxyVariables = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]

    /// `SSL_CERT_FILE`, when set: the CA bundle curl and OpenSSL read instead of the system's.
    private static func systemCAFile(_ environment: [String: String]) -> String? {
        environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    }
}
