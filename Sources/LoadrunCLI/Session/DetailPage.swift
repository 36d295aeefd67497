import Loader

/// An item's detail as a session holds it: a source of its own, loaded from the URL its
/// template gave, and the related lists that load beside it (`related=comments:/posts/{id}/comments`).
///
/// It is kept after the user goes back, so that opening it again revalidates what it had
/// (a 304 when unchanged) rather than loading blind.
final class DetailPage {
    let url: String
    /// The list it was opened from.
    let parent: SessionSource
    /// The detail itself, then its related lists, each with its own loading state.
    let main: SessionSource
    let related: [SessionSource]
    /// Why a related list could not be made for this item (a field its template needs), said
    /// when the detail opens.
    let relatedProblems: [String]
    /// Loaded by a prefetch and not shown yet: opening it shows it as it is, without asking again.
    var isUnseenPrefetch = false
    /// Whether the user has it open now.
    var isOpen = false
    /// Opened while its prefetch was still waiting at low priority: cancelled, to be asked
    /// again at normal priority.
    var restartsAtNormalPriority = false

    init(url: String, parent: SessionSource, main: SessionSource, related: [SessionSource], relatedProblems: [String]) {
        self.url = url
        self.parent = parent
        self.main = main
        self.related = related
        self.relatedProblems = relatedProblems
    }

    var sources: [SessionSource] { [main] + related }

    /// Cancels what of it is in flight, each through its GCancellable.
    func cancel() {
        for source in sources where source.loader.state.isBusy { source.loader.cancel() }
    }
}

/// The details of a run by URL, the most recently used kept: the one open, and the one a
/// resting selection prefetches.
final class DetailPages {
    /// Details kept for revalidation; the least recently used beyond this is let go.
    static let limit = 32

    /// Most recently used last.
    private var pages: [DetailPage] = []
    /// The detail on screen, if any.
    var open: DetailPage?
    /// The detail being prefetched for the selection, if its load may still be running.
    var prefetching: DetailPage?

    /// The detail already made for `url`, now the most recently used.
    func page(for url: String) -> DetailPage? {
        guard let index = pages.firstIndex(where: { $0.url == url }) else { return nil }
        let page = pages.remove(at: index)
        pages.append(page)
        return page
    }

    /// Keeps `page`, letting the least recently used go (cancelled) beyond the limit.
    func add(_ page: DetailPage) {
        pages.append(page)
        while pages.count > Self.limit, let index = pages.firstIndex(where: { $0 !== open && $0 !== prefetching }) {
            pages.remove(at: index).cancel()
        }
    }

    /// Cancels the prefetch, unless it finished or the user opened it.
    func cancelPrefetch() {
        if let page = prefetching, !page.isOpen { page.cancel() }
        prefetching = nil
    }

    /// Cancels everything in flight: the run is ending.
    func cancelAll() {
        pages.forEach { $0.cancel() }
    }
}
