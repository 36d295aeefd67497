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
