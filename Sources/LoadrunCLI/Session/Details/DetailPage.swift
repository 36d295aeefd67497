import Loader

/// An item's detail as a session holds it: a source of its own, loaded from the URL its
/// template gave, and the related lists that load beside it (`related=comments:/posts/{id}/comments`).
///
/// It is kept after the user goes back, so that opening it again revalidates what it had
/// (a 304 when unchanged) rather than loading blind.
final class DetailPage {
    /// Which detail of the run it is, for the session machine.
    let id: Int
    let url: String
    /// The list it was opened from.
    let parent: SessionSource
    /// The detail itself, then its related lists, each with its own loading state.
    let main: SessionSource
    let related: [SessionSource]
    /// Why a related list could not be made for this item (a field its template needs), said
    /// when the detail opens.
    let relatedProblems: [String]

    init(id: Int, url: String, parent: SessionSource, main: SessionSource, related: [SessionSource], relatedProblems: [String]) {
        self.id = id
        self.url = url
        self.parent = parent
        self.main = main
        self.related = related
        self.relatedProblems = relatedProblems
    }

    var sources: [SessionSource] { [main] + related }

    /// Its source in `slot`: 0 the detail itself, then its related lists.
    func source(at slot: Int) -> SessionSource? { slot == 0 ? main : related.indices.contains(slot - 1) ? related[slot - 1] : nil }

    /// Cancels what of it is in flight, each through its GCancellable.
    func cancel() {
        for source in sources where source.loader.state.isBusy { source.loader.cancel() }
    }
}
