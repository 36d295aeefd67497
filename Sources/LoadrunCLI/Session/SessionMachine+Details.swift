import Loader

/// The session machine's decisions about a browse's details: open one, prefetch one for a
/// resting selection, let a prefetch go, restart one at normal priority.
extension SessionMachine {
    /// Opens the detail on `page`: a prefetch still waiting at low priority is asked again at
    /// normal priority; what it lacks loads, and what it had is revalidated, except a prefetch
    /// not yet seen, which shows as it is, and a page gone back to (`revisits`).
    mutating func open(_ page: Int, sources: [Phase], revisits: Bool = false) -> [Action] {
        guard openDetail == nil else { return [] }
        var actions = prefetching == page ? [] : cancelPrefetch()
        prefetching = nil
        openDetail = (page, sources.count)
        let unseen = unseenPrefetches.remove(page) != nil
        for (slot, phase) in sources.enumerated() {
            let id = SourceID.detail(page: page, slot: slot)
            actions.append(.setLowPriority(id, false))
            if phase.isLowPriority, phase.waitsForSlot {
                // It still waits behind the host's other requests: asked again once its
                // cancel comes through (see `detailChanged`). One already sent is left to
                // finish: asking again would send the same request twice.
                restartsAtNormalPriority.insert(page)
                actions.append(.cancel(id))
            }
            if phase.isBusy { continue }
            if !phase.hasContent {
                actions.append(.load(id))
            } else if !(unseen && slot == 0), !revisits {
                // Seen before: ask whether it changed, with the validators it had.
                actions.append(.reload(id))
            }
        }
        return actions + [.showDetail(page: page)]
    }

    /// The selection rests on an item: its detail loads at low priority, unless it is here
    /// already, loading, or prefetching is off.
    mutating func prefetch(_ page: Int, main: Phase, isNew: Bool) -> [Action] {
        guard prefetchesDetails, openDetail == nil, prefetching != page else { return [] }
        var actions = cancelPrefetch()
        if !isNew, main.hasContent || main.isBusy { return actions }
        prefetching = page
        let id = SourceID.detail(page: page, slot: 0)
        actions += [.setLowPriority(id, true), .load(id)]
        return actions
    }

    /// The selection moved on: the prefetch is cancelled, unless it is the detail open.
    mutating func cancelPrefetch() -> [Action] {
        defer { prefetching = nil }
        guard let page = prefetching, page != openDetail?.page else { return [] }
        return [.cancelDetail(page: page)]
    }

    /// A change of a detail's own source: a prefetch that loaded is unseen until opened, and
    /// a cancel asked for to restart at normal priority restarts it.
    mutating func detailChanged(_ page: Int, by cause: LoadMachine<AnyContent>.Cause) -> [Action] {
        let isOpen = openDetail?.page == page
        if cause == .succeeded, !isOpen { unseenPrefetches.insert(page) }
        guard cause == .cancelled, restartsAtNormalPriority.remove(page) != nil, isOpen, ending == nil else { return [] }
        return [.load(.detail(page: page, slot: 0))]
    }
}
