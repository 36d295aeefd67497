import Loader
import Screen

/// What a presenter is told of the run, as the session sees it: each source's snapshot, a
/// detail's facts, and the status lines of a frame, built as values from the loaders, which
/// no presenter reads itself.
extension LoadSession {
    /// How `source` stands now, for its presenter.
    func snapshot(of source: SessionSource) -> SourceSnapshot {
        let loader = source.loader
        let state = loader.state
        return SourceSnapshot(index: source.index, name: source.name, label: loader.source.name,
                              url: source.maskedURL, plugin: loader.source.plugin,
                              facts: Self.facts(of: source), failuresBeforeSuccess: loader.record.failuresBeforeSuccess,
                              // On the way out no presenter says a banner: not made for the thousands of
                              // sources a watch's end cancels.
                              banner: state.hasFailed && machine.ending == nil ? source.banner(now: .now, nextReload: nextReload(of: source)) : nil)
    }

    /// What the screen model knows of `page`, now.
    func facts(of page: DetailPage) -> DetailFacts {
        DetailFacts(id: page.id, parent: page.parent.requestIndex, main: Self.facts(of: page.main), related: page.related.map(Self.facts),
                    url: page.url)
    }

    /// Whether `page` is the detail open for the user: a prefetched one is not on screen.
    func isOpen(_ page: DetailPage) -> Bool {
        machine.openDetail?.page == page.id
    }

    /// The status lines the next frame shows, as of `now`: those of the sources at `indices`
    /// alone (a run may have 10,000), or of the open detail's.
    func statusBoard(now: ContinuousClock.Instant, showing indices: Range<Int>) -> StatusBoard {
        var board = StatusBoard(isPaused: isPaused)
        if let page = openDetail {
            board.detail = page.sources.map { $0.status(now: now, nextReload: nil) }
            return board
        }
        for index in indices {
            board.sources[index] = sources[index].status(now: now, nextReload: nextReload(of: sources[index]))
        }
        if indices.count < sources.count { board.stateNames = sources.map(\.loader.state.name) }
        return board
    }

    private static func facts(of source: SessionSource) -> SourceFacts {
        SourceFacts(name: source.name, state: source.loader.state, continuesChain: source.continuesChain,
                    canLoadMore: source.loader.canLoadMore)
    }
}
