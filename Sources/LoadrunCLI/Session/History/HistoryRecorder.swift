import Loader
import Plan
import Plugins

/// Records the run's sources' loads in the history: each load that brings content, as a new
/// version or, when its content is the last version's, as its last-seen time moved.
///
/// The first page's body is compressed as it comes (`page`), before its change is told, so
/// that no body is held past its fetch; the version is made once the load has come to rest
/// (`settled`), and the versions go to the store in one transaction at most every
/// `flushInterval`, and at the end of the run.
final class HistoryRecorder {
    /// How long versions wait to be written together: a thousand sources settle within a
    /// fraction of a second, and one commit is cheaper than a thousand.
    static let flushInterval = Duration.milliseconds(100)

    let store: HistoryStore
    private let plugins: PluginRegistry
    private let loop: EventLoop
    /// What the first page of each source's load in flight brought, by index.
    private var firstPages: [Int: FirstPage] = [:]
    /// What each of the run's sources was asked for, by index.
    private let requests: [SourceRequest]
    /// Each source's last version, by index, looked up for all at once on the first load:
    /// content found unchanged is neither compressed nor told apart by item again (most loads
    /// of a cron job or a watch), and only moves the version's last-seen time.
    private lazy var lastVersions: [HistoryStore.LastVersion?] = store.lastVersions(of: requests.map { Self.identity(of: $0).url })
    private var pending: [HistoryStore.Load] = []
    /// When the run started, in milliseconds since the epoch: versions seen before are earlier runs'.
    let runStart = ClockTime.nowMilliseconds()
    /// The fingerprint of each source's first content this run, by index: an earlier run's
    /// version with the same content is this run's first, not one before it.
    private(set) var firstFingerprints: [Int: UInt64] = [:]
    private var flushTimer: LoopSource?

    private struct FirstPage {
        var packed: [UInt8]?
        var size: Int
        var info: ResponseInfo
    }

    init(store: HistoryStore, plugins: PluginRegistry, loop: EventLoop, requests: [SourceRequest]) {
        self.store = store
        self.requests = requests
        self.plugins = plugins
        self.loop = loop
    }

    /// The name and URL the history knows a source by: the embedded sample source's URL
    /// changes with its port every run, so it is known by its path.
    static func identity(of request: SourceRequest) -> (name: String, url: String) {
        (request.sourceName, request.url ?? "loadrun-sample:" + request.samplePath)
    }

    /// A page of source `index`, decoded as `content`: the first of a load keeps its body,
    /// compressed, unless the last version has that content already.
    func page(_ response: HTTPResponse, content: AnyContent, of index: Int) {
        guard firstPages[index] == nil else { return }
        let unchanged = content.fingerprint != nil && lastVersions[index]?.fingerprint == content.fingerprint
        firstPages[index] = FirstPage(packed: unchanged ? nil : store.pack(response.body), size: response.body.count, info: response.info)
    }

    /// A change of `source`, asked for as `request`: a load that came to rest with content is
    /// recorded; any other end of a load lets its first page go.
    func settled(_ change: StateChange, of source: SessionSource, request: SourceRequest) {
        guard let keep = request.historyKeep else { return }
        switch change.cause {
        case .succeeded, .notModified:
            guard !source.continuesChain, let content = change.to.content else { return }
            let first = firstPages.removeValue(forKey: source.index)
            record(content, first: first, status: change.httpStatus, source: source, request: request, keep: keep)
        case .failed, .cancelled:
            firstPages[source.index] = nil
        case .started, .progressed, .retryScheduled:
            break
        }
    }

    private func record(_ content: AnyContent, first: FirstPage?, status: Int?, source: SessionSource, request: SourceRequest, keep: Int) {
        let (name, url) = Self.identity(of: request)
        let fingerprint = content.fingerprint ?? 0
        if firstFingerprints[source.index] == nil { firstFingerprints[source.index] = fingerprint }
        // The last version's content again (or a 304, which brings no body): only its
        // last-seen time moves.
        let last = lastVersions[source.index]
        let sameAs = last?.fingerprint == fingerprint ? last : nil
        let isNew = first != nil && sameAs == nil
        // A new version's row is made at the flush (id 0 is no row's): the next load of the same
        // content is found unchanged here, and the store finds the row by its fingerprint.
        if isNew { lastVersions[source.index] = HistoryStore.LastVersion(id: 0, fingerprint: fingerprint) }
        var load = HistoryStore.Load(source: name, url: url, at: ClockTime.nowMilliseconds(), status: status, etag: nil, lastModified: nil, contentType: nil,
                                     plugin: content.pluginName, program: request.jqProgram, content: nil, size: first?.size ?? 0,
                                     fingerprint: fingerprint, items: nil, keep: keep, sameAs: sameAs)
        // What only a new version keeps: most loads (a cron job's, a watch's) need none of it.
        if isNew, let first {
            (load.content, load.contentType) = (first.packed, first.info.headers["Content-Type"])
            (load.etag, load.lastModified) = (first.info.headers["ETag"], first.info.headers["Last-Modified"])
            load.items = HistoryItems.of(content, plugins: plugins)
            if source.loader.pagesLoaded > 1 {
                // Several pages: the list they make, as its JSON, which its plugin decodes again.
                let json = Array(plugins.renderJSON(content, context: RenderContext()).utf8)
                (load.content, load.size, load.contentType) = (store.pack(json), json.count, "application/json")
            }
        }
        pending.append(load)
        if flushTimer == nil {
            flushTimer = loop.schedule(after: Self.flushInterval) { [unowned self] in flush() }
        }
    }

    /// Writes what waits, now; `waitsForLock` false when a signal is ending the run, which
    /// another process's lock on the history must not hold up.
    func flush(waitsForLock: Bool = true) {
        flushTimer?.cancel()
        flushTimer = nil
        let loads = pending
        pending = []
        store.record(loads, waitsForLock: waitsForLock)
    }
}
