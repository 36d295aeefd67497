/// Where a list goes next: the page after the one that arrived, and whether its link may be
/// followed. Part of the source machine's decisions, kept apart from the loads.
extension SourceMachine {
    /// `next`, unless it loops back into the chain or leaves the first page's origin without
    /// leave; either stop is kept for the front end to report.
    mutating func vetted(_ next: String?) -> String? {
        guard let next else { return nil }
        if pagesVisited.contains(next) {
            pagingStop = .loop(url: next)
            return nil
        }
        // A server never makes loadrun read a local file, or speak anything but HTTP: whatever
        // the flags, a next link goes to http or https only.
        guard URLParts.isWeb(next) else {
            pagingStop = .notWeb(url: next)
            return nil
        }
        let origin = URLParts.origin(of: setup.firstPageURL)
        if !setup.followsCrossHostLinks, URLParts.origin(of: next) != origin {
            pagingStop = .crossHost(url: next, origin: origin)
            return nil
        }
        pagesVisited.insert(next)
        return next
    }

    /// By page number, the next one until a page comes back empty or short; otherwise the
    /// response's `Link: <…>; rel="next"`. A server that declares where the list ends
    /// (`X-Total-Count`, a `rel="last"` link) is taken at its word over a short page: a
    /// server that ignores the page size would otherwise seem to end after its first page.
    mutating func nextPageURL(after page: Content, response: ResponseInfo) -> String? {
        guard let parameter = setup.pageParameter else {
            return Pagination.next(from: response.headers, base: response.url) ?? page.nextPage
        }
        let number = Pagination.pageNumber(of: request.url, parameter: parameter)
        let seen = (request.appendingTo?.itemCount ?? 0) + (page.itemCount ?? 0)
        let end = Pagination.end(from: response.headers, base: response.url, parameter: parameter)
        guard let count = page.itemCount, count > 0 else {
            let reached = switch end {
            case .items(let total)?: seen >= total
            case .page(let last)?: number >= last
            case nil: true
            }
            if !reached, let end { pagingStop = .endedEarly(page: number, declared: end, itemsSeen: seen) }
            return nil
        }
        switch end {
        case .items(let total)?: if seen >= total { return nil }
        case .page(let last)?: if number >= last { return nil }
        case nil: if let size = parameter.perPage?.size, count < size { return nil }
        }
        return Pagination.url(request.url, page: number + 1, parameter: parameter)
    }
}
