import Loader
import Store

/// Read state, kept in the history beside the versions: the items of a list that the user
/// opened, by the source's identity (its request) and the item's key, across runs.
extension LoadSession {
    /// Tells the presenter each recorded source's read marks, from one query: a run with no
    /// history has none to tell, and its view shows no read state.
    func tellReadState() {
        guard let recorder else { return }
        let recorded = sources.indices.filter(records)
        let urls = recorded.map { HistoryRecorder.identity(of: requests[$0]).url }
        guard let reads = recorder.store.readItems(of: Set(urls)) else { return }
        for (index, url) in zip(recorded, urls) { presenter.readState(index, reads[url] ?? []) }
        // The filters typed in the view before, for its prompt's ↑, from the same history.
        guard let filters = recorder.store.filters(of: Set(urls)) else { return }
        for (index, url) in zip(recorded, urls) where filters[url] != nil { presenter.filterHistory(index, filters[url] ?? []) }
    }

    /// Keeps `program`, a jq filter typed in the view on source `index`, for the runs to come.
    func keepFilter(_ program: String, of index: Int) {
        guard let recorder, sources.indices.contains(index), records(index) else { return }
        // Not worth a retry: a filter missed here is typed again, and said nowhere else.
        recorder.store.keepFilter(program, of: HistoryRecorder.identity(of: requests[index]).url, at: ClockTime.nowMilliseconds())
    }

    /// Marks the items with `keys` of source `index`'s list read or unread, for this run's
    /// view and the runs to come; nothing without a history.
    func markRead(_ keys: [String], of index: Int, read: Bool) {
        guard let recorder, sources.indices.contains(index), records(index) else { return }
        let url = HistoryRecorder.identity(of: requests[index]).url
        recorder.mark(keys, of: url, read: read, at: ClockTime.nowMilliseconds())
    }
}

