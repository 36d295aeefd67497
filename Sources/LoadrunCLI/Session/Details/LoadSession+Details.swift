import Loader
import Plan
import Screen

/// Opening an item's detail, going back, and prefetching the detail a selection rests on: the
/// list → detail half of a browse, with a loading state per detail.
extension LoadSession {
    /// Opens the detail of the item with `fields` in `source`'s list (made, or kept from
    /// before); says why when the item has no detail URL. The machine decides what loads.
    func openDetail(of source: SessionSource, fields: [String: String]) {
        guard machine.openDetail == nil else { return }
        switch detailURL(of: source, fields: fields) {
        case .success(let url): openDetail(of: source, url: url, fields: fields)
        case .failure(let problem): presenter.noDetail(problem.text, for: snapshot(of: source), fields: fields)
        }
    }

    /// Opens `url` as a detail of `source`: an item's (with its `fields`, which fill the
    /// related lists' templates), or a link of a page (no fields, so no related lists).
    /// `revisits`: the user went back to it, and what was kept of it shows, not asked again.
    func openDetail(of source: SessionSource, url: String, fields: [String: String]? = nil, revisits: Bool = false) {
        guard machine.openDetail == nil else { return }
        let page = details.page(for: url) ?? makeDetail(url: url, of: source, fields: fields)
        send(.openDetail(page: page.id, sources: page.sources.map { snapshot(of: $0).phase }, revisits: revisits))
    }

    /// The selection rests on the item with `fields`: the machine decides whether its detail
    /// loads at low priority. A detail with no URL is silently skipped: Enter says why.
    func prefetchDetail(of source: SessionSource, fields: [String: String]) {
        guard machine.prefetchesDetails, machine.openDetail == nil,
              case .success(let url) = detailURL(of: source, fields: fields) else { return }
        if let kept = details.page(for: url) {
            send(.prefetch(page: kept.id, main: snapshot(of: kept.main).phase, isNew: false))
        } else {
            let page = makeDetail(url: url, of: source, fields: fields)
            send(.prefetch(page: page.id, main: snapshot(of: page.main).phase, isNew: true))
        }
    }

    /// The detail URL of an item: the source's template (`--detail`, `detail=`) filled with the
    /// item's fields and resolved against the source's URL, or else a field that holds a URL.
    func detailURL(of source: SessionSource, fields: [String: String]) -> Result<String, DetailProblem> {
        guard !source.isDetail else {
            return DetailTemplate.link(in: fields).map { .success($0) }
                ?? .failure(DetailProblem(text: "this item has no url, link or href field to open"))
        }
        let request = requests[source.index]
        if let template = request.detail {
            let base = source.loader.source.url
            return template.url(fields: fields, base: base).mapError { DetailProblem(text: "no detail: \($0)") }.flatMap { url in
                // A list from a server opens only http(s) URLs, whatever its items hold.
                guard URLParts.isWeb(base), !URLParts.isWeb(url) else {
                    return .success(url)
                }
                return .failure(DetailProblem(text: "no detail: \(url) is not an http or https URL, and a server's items open those only"))
            }
        }
        if let link = DetailTemplate.link(in: fields) { return .success(link) }
        if let content = source.loader.state.content, let note = plugins.noDetailNote(of: content) {
            return .failure(DetailProblem(text: note))
        }
        return .failure(DetailProblem(text: "no detail to open: the source names no detail URL and the item has no url, link or href field; give --detail TEMPLATE, such as --detail '/posts/{id}'"))
    }

    /// A detail for `url` and its related lists, each a source of its own that loads with the
    /// list's settings, its plugin chosen from each response.
    private func makeDetail(url: String, of source: SessionSource, fields: [String: String]?) -> DetailPage {
        // The breadcrumb names an item by its title (a feed entry's guid says nothing).
        let label = fields.map(ScreenModel.label) ?? " › " + URLCredentials.masked(url)
        let main = detailSource(named: source.loader.source.name + label, url: url, like: source)
        var related: [SessionSource] = []
        var problems: [String] = []
        if !source.isDetail, let fields {
            for list in requests[source.index].related {
                switch list.template.url(fields: fields, base: source.loader.source.url) {
                case .success(let relatedURL): related.append(detailSource(named: list.name, url: relatedURL, like: source))
                case .failure(let problem): problems.append("no \(list.name): \(problem)")
                }
            }
        }
        let page = DetailPage(id: details.nextID(), url: url, parent: source, main: main, related: related, relatedProblems: problems)
        for (slot, detail) in page.sources.enumerated() {
            detail.loader.observeChanges { [unowned self, unowned page, unowned detail] change in
                observe(change, of: detail, at: slot, in: page)
            }
        }
        for dropped in details.add(page, keeping: [machine.openDetail?.page, machine.prefetching]) {
            send(.detailDropped(page: dropped))
        }
        return page
    }

    private func detailSource(named name: String, url: String, like parent: SessionSource) -> SessionSource {
        var request = requests[parent.requestIndex]
        request.sourceName = name
        request.url = url
        if !OriginPolicy(sourceURL: parent.loader.source.url).sendsOwnParts(to: url) {
            // An item's own link may lead anywhere the server chose: the source's headers
            // (credentials among them) stay with the source's origin, scheme and port included.
            request.options = request.options.withoutOwnParts
        }
        // An item's detail is a page to read, whatever the list's request was (a POST to a
        // search API, say): a GET, with no body.
        request.options.method = "GET"
        request.options.body = nil
        request.plugin = .fromResponse(plugins.decoders, accept: plugins.acceptHeader)
        request.pageParameter = nil
        request.pages = 1
        let loader = SourceLoaders.loader(request, url: url, fetcher: loaders.fetcher!, loop: loop, plugins: plugins)
        let source = SessionSource(loader: loader, index: -1, interval: parent.interval)
        source.requestIndex = parent.requestIndex
        return source
    }

    private func observe(_ change: StateChange, of source: SessionSource, at slot: Int, in page: DetailPage) {
        send(.changed(.detail(page: page.id, slot: slot), change.cause, snapshot(of: source).phase, nil), change: change)
        changeShown()
    }
}
