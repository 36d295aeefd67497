/// The details of a run by URL, the most recently used kept. Which one is open, and which one
/// a resting selection prefetches, is the session machine's to know.
final class DetailPages {
    /// Details kept for revalidation; the least recently used beyond this is let go.
    static let limit = 32

    /// Most recently used last.
    private var pages: [DetailPage] = []
    /// The ids given so far.
    private var lastID = 0

    /// The detail already made for `url`, now the most recently used.
    func page(for url: String) -> DetailPage? {
        guard let index = pages.firstIndex(where: { $0.url == url }) else { return nil }
        let page = pages.remove(at: index)
        pages.append(page)
        return page
    }

    /// The detail kept with this id, if it is still kept.
    func page(id: Int) -> DetailPage? { pages.first { $0.id == id } }

    /// An id for a new detail.
    func nextID() -> Int {
        lastID += 1
        return lastID
    }

    /// Keeps `page`, letting the least recently used go (cancelled) beyond the limit; never
    /// those in `keeping` (the one open, the one prefetching). Returns the ids of those let
    /// go: their loaders go with them, and no cancel of theirs will be reported.
    func add(_ page: DetailPage, keeping: [Int?]) -> [Int] {
        pages.append(page)
        var dropped: [Int] = []
        while pages.count > Self.limit, let index = pages.firstIndex(where: { !keeping.contains($0.id) }) {
            let page = pages.remove(at: index)
            page.cancel()
            dropped.append(page.id)
        }
        return dropped
    }


    /// Cancels everything in flight: the run is ending.
    func cancelAll() {
        pages.forEach { $0.cancel() }
    }
}
