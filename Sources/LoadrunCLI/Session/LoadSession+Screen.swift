import Loader
import Screen

/// What a presenter is told of the run, as the session sees it: each source's snapshot, a
/// detail's facts, and the status lines of a frame, built as values from the loaders, which
/// no presenter reads itself.
extension LoadSession {
    /// How `source` stands now: the one value built of a source's state, once per change,
    /// for the session machine (its phase), the presenters and the screen (its facts).
    func snapshot(of source: SessionSource) -> SourceSnapshot {
        let loader = source.loader
        let state = loader.state
        return SourceSnapshot(index: source.index, name: source.name, label: loader.source.name,
                              url: source.maskedURL, plugin: loader.source.plugin,
                              facts: Self.facts(of: source), phase: Self.phase(of: source),
                              failuresBeforeSuccess: loader.record.failuresBeforeSuccess,
                              // On the way out no presenter says a banner: not made for the thousands of
                              // sources a watch's end cancels.
                              banner: state.hasFailed && machine.ending == nil ? source.banner(now: .now, nextReload: nextReload(of: source)) : nil)
    }

    /// What the screen model knows of `page`, now.
    func facts(of page: DetailPage) -> DetailFacts {
        DetailFacts(id: page.id, parent: page.parent.requestIndex, main: snapshot(of: page.main).facts,
                    related: page.related.map { snapshot(of: $0).facts }, url: page.url)
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

    /// What the machine needs to know of a source's state.
    private static func phase(of source: SessionSource) -> SessionMachine.Phase {
        let loader = source.loader
        let state = loader.state
        var phase = SessionMachine.Phase(isLoading: state.isLoading, isBusy: state.isBusy, hasFailed: state.hasFailed,
                                         hasPendingRetry: state.pendingRetry != nil, continuesChain: source.continuesChain,
                                         isTransitional: loader.refreshState.isTransitional, hasNextPage: loader.nextPage != nil,
                                         hasContent: state.content != nil, isLowPriority: loader.isLowPriority)
        if case .loaded = state { phase.isLoaded = true }
        phase.waitsForSlot = state.isLoading && loader.isWaitingForSlot
        return phase
    }
}
