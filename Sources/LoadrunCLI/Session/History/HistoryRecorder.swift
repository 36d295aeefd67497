import Loader
import Store
import Plan
import Plugins

/// Records the run's sources' loads in the history, as the session machine's verdicts say
/// (`LoadVerdict.history`): a new version, or the last version seen again, whose last-seen
/// time moves. It decides nothing of what a load means; it keeps the bytes a version needs.
///
/// The first page's body comes in the change that settles the load (`StateChange.servedPage`):
/// a new version compresses it, the last version seen again needs none of it; the versions go to the store in one transaction at most every
/// `flushInterval`, and at the end of the run. A version seen again only moves a time: those
/// wait up to `touchInterval`, the latest of each source's kept, so that a watch's reload
/// each second is not a commit each second.
final class HistoryRecorder {
    /// How long versions wait to be written together: a thousand sources settle within a
    /// fraction of a second, and one commit is cheaper than a thousand.
    static let flushInterval = Duration.milliseconds(100)
    /// How long a version seen again waits to move its last-seen time: what another process
    /// shows meanwhile (`loadrun history`) is that much behind, and this run's end or its next
    /// new version writes it true. Nothing else is read from that time while the run lasts.
    static let touchInterval = Duration.seconds(10)

    let store: HistoryStore
    private let plugins: PluginRegistry
    private let loop: EventLoop
    /// What each of the run's sources was asked for, by index.
    private let requests: [SourceRequest]
    /// Each source's last version, by index, looked up for all at once when the run starts:
    /// the row a load of the same content touches (most loads of a cron job or a watch).
    private lazy var lastVersions: [HistoryStore.LastVersion?] = store.lastVersions(of: requests.map { Self.identity(of: $0).url })
    private var pending: [HistoryStore.Load] = []
    /// Each source's latest load of its last version again, by index, waiting for `touchTimer`.
    private var touches: [Int: HistoryStore.Load] = [:]
    private var touchTimer: LoopSource?
    /// When the run started, in milliseconds since the epoch: versions seen before are earlier runs'.
    let runStart = ClockTime.nowMilliseconds()
    /// What the server sent on each source's first load this run, by index: an earlier run's
    /// version with the same content is this run's first, not one before it.
    private(set) var firstBodies: [Int: UInt64] = [:]
    private var flushTimer: LoopSource?

    init(store: HistoryStore, plugins: PluginRegistry, loop: EventLoop, requests: [SourceRequest]) {
        self.store = store
        self.requests = requests
        self.plugins = plugins
        self.loop = loop
    }

    /// The name and identity the history knows a source by: what its request is (method, URL,
    /// body), so that only the answers to one request are versions of one another.
    /// - A GET is known by its URL alone; another method by itself and the URL, and a body by
    ///   its fingerprint after them: `POST https://example.com/search #5f3a…`.
    /// - Standard input, by the name of the source that reads it (`stdin:NAME`): only a named
    ///   source reading it has a history (`RunPlan`).
    /// - The embedded sample source, whose URL changes with its port every run, by its path.
    /// - A URL's password never: it is kept as `user:***@`, as every output shows it.
    static func identity(of request: SourceRequest) -> (name: String, url: String) {
        guard let url = request.url.map(URLCredentials.masked) else { return (request.sourceName, "loadrun-sample:" + request.samplePath) }
        if URLParts.isStandardInput(url) { return (request.sourceName, "stdin:" + request.sourceName) }
        let options = request.options
        guard options.method != "GET" || options.body != nil else { return (request.sourceName, url) }
        let body = options.body.map { " #" + String(ContentFingerprint.of($0.identity), radix: 16) } ?? ""
        return (request.sourceName, "\(options.method) \(url)\(body)")
    }

    /// The body each source's last version holds, by index, for the verdicts.
    func lastVersionBodies() -> [Int: UInt64] {
        var bodies: [Int: UInt64] = [:]
        for (index, version) in lastVersions.enumerated() where requests[index].historyKeep != nil {
            if let version { bodies[index] = version.fingerprint }
        }
        return bodies
    }

    /// Records source `index`'s load of `content` (`pages` pages), whose first page was
    /// `first`, the server answering `status`, as the verdict's `step` says.
    func record(_ content: AnyContent, first: ServedPage?, step: LoadVerdict.HistoryStep, status: Int?, ofSource index: Int, pages: Int) {
        let request = requests[index]
        let bytes = first?.bytes
        guard let keep = request.historyKeep, step != .none else { return }
        let (name, url) = Self.identity(of: request)
        let body = content.bodyFingerprint ?? content.fingerprint ?? 0
        if firstBodies[index] == nil { firstBodies[index] = body }
        let isNew = step == .newVersion
        // A new version needs what the server sent: the first page's body, or, for several
        // pages, the list they make. A load that brought neither (a page loaded by `>` alone,
        // a 304 with nothing stored) is no version to keep.
        if isNew, bytes == nil, pages <= 1 { return }
        // The last version again only moves its last-seen time, when it is the row this
        // recorder knows; a new one's row is made at the flush (id 0 is no row's), and the
        // store finds it by its fingerprint.
        let sameAs = isNew ? nil : lastVersions[index]
        if !isNew, sameAs?.fingerprint != body { return }
        if isNew { lastVersions[index] = HistoryStore.LastVersion(id: 0, fingerprint: body) }
        // A copy the server confirmed (304) is the 200 it was.
        // A live stream's version is its last items as it sent them, read by the plugin that
        // takes them (not by a --jq program, which ran on each as it came).
        let stream = isNew ? streamContent(first: first, bytes: bytes) : nil
        var load = HistoryStore.Load(source: name, url: url, at: ClockTime.nowMilliseconds(), status: status == 304 ? 200 : status, etag: nil,
                                     lastModified: nil, contentType: nil, plugin: stream?.pluginName ?? content.pluginName,
                                     program: stream == nil ? request.jqProgram : nil, content: nil,
                                     size: first?.size ?? 0, fingerprint: body, items: nil, keep: keep, sameAs: sameAs)
        // What only a new version keeps: most loads (a cron job's, a watch's) need none of it.
        if isNew {
            load.items = HistoryItems.of(stream ?? content, plugins: plugins)
            if let first {
                (load.content, load.contentType) = (bytes.flatMap(store.pack), first.info.headers["Content-Type"])
                (load.etag, load.lastModified) = (first.info.headers["ETag"], first.info.headers["Last-Modified"])
            }
            if pages > 1 {
                // Several pages: the list they make, as its JSON, which its plugin decodes again.
                let json = Array(plugins.renderJSON(content, context: RenderContext()).utf8)
                (load.content, load.size, load.contentType) = (store.pack(json), json.count, "application/json")
            }
        }
        guard isNew else {
            // Only the latest matters: each moves the same row's time.
            touches[index] = load
            if touchTimer == nil { touchTimer = loop.schedule(after: Self.touchInterval) { [unowned self] in touchTimer = nil; flush() } }
            return
        }
        // Its last version's time first, before the row that follows it.
        if let touch = touches.removeValue(forKey: index) { pending.append(touch) }
        pending.append(load)
        flushSoon(after: Self.flushInterval)
    }

    /// A live stream's last items (`BodyTap.recentRecords`), read as its plugin reads them:
    /// what its version holds, which its load handed over as they came; nil for other loads.
    private func streamContent(first: ServedPage?, bytes: [UInt8]?) -> AnyContent? {
        guard let first, let bytes, first.info.isLiveStream, case .success(let content)? = plugins.choose(for: bytes, response: first.info)?.decoded
        else { return nil }
        return content
    }

    /// The most loads kept for a history another process keeps locked: past it, the oldest go.
    static let pendingLimit = 10_000

    /// Read marks another process's lock kept out, in the order they were made.
    private var pendingMarks: [Mark] = []

    /// Items marked read or unread, to be written.
    private struct Mark {
        let keys: [String]
        let url: String
        let read: Bool
        let at: Int
    }

    /// Marks the items with `keys` of the source at `url` read or unread, now; when another
    /// process's lock keeps them out, they wait and are written with the next try, as
    /// versions are (a read mark once lost stayed lost).
    func mark(_ keys: [String], of url: String, read: Bool, at: Int) {
        let mark = Mark(keys: keys, url: url, read: read, at: at)
        guard pendingMarks.isEmpty, !store.mark(keys, of: url, read: read, at: at), store.isBusy else {
            if !pendingMarks.isEmpty { pendingMarks.append(mark) }
            return
        }
        pendingMarks.append(mark)
        flushSoon(after: HistoryStore.retryDelay)
    }

    /// Writes the marks that wait, in order, up to the first another lock keeps out; returns
    /// whether all were written.
    private func writeMarks(waitsForLock: Bool = true, last: Bool = false) -> Bool {
        while let mark = pendingMarks.first {
            if !store.mark(mark.keys, of: mark.url, read: mark.read, at: mark.at, waitsForLock: waitsForLock, last: last), store.isBusy {
                return false
            }
            pendingMarks.removeFirst()
        }
        return true
    }

    /// Writes what waits, now. A batch that another process's lock kept out waits for the
    /// next try, after the store's cooldown.
    private func flush() {
        flushTimer = nil
        let marksWritten = writeMarks()
        let loads = pending + takeTouches()
        pending = []
        let recorded = store.record(loads)
        if recorded && marksWritten { return }
        if !recorded { pending = Array((loads + pending).suffix(Self.pendingLimit)) }
        flushSoon(after: HistoryStore.retryDelay)
    }

    /// Writes what waits, as the run ends; `waitsForLock` false when a signal is ending it,
    /// which another process's lock on the history must not hold up.
    func finish(waitsForLock: Bool) {
        flushTimer?.cancel()
        flushTimer = nil
        _ = writeMarks(waitsForLock: waitsForLock, last: true)
        store.record(pending + takeTouches(), waitsForLock: waitsForLock, last: true)
        pending = []
    }

    /// The touches that wait, in the sources' order; written with what is written now.
    private func takeTouches() -> [HistoryStore.Load] {
        touchTimer?.cancel()
        touchTimer = nil
        let loads = touches.sorted { $0.key < $1.key }.map(\.value)
        touches = [:]
        return loads
    }

    private func flushSoon(after delay: Duration) {
        guard flushTimer == nil else { return }
        flushTimer = loop.schedule(after: delay) { [unowned self] in flush() }
    }
}
