import Loader
import Plugins

/// What the session does with the items of a source's load in flight, the loader's
/// `.items` events: arrivals go to the machine to judge, pieces to the presenter to show.
extension LoadSession {
    /// Items of a source's load in flight, as they come: a stream's arrivals, judged and read
    /// by the run's scripting; or pieces to show, each with what it has to say (a jq
    /// program's `debug` for one event of a stream) said before it (results of that event
    /// handed over as they came went out before it). Whether the load goes on is the
    /// session's word (the run is ending, a signal waits, the reader left), never the
    /// presenter's: it ends the stream through the loader.
    func take(_ batch: ItemBatch, of source: SessionSource) {
        switch batch.kind {
        case .arrived:
            // The machine judges it, as it judges a settled load; the run's end takes no more.
            guard environment.ending == nil else { return }
            let item = batch.content()
            send(.itemArrived(source.index, count: batch.itemsSoFar, judgment: judgment(of: item, of: source.index)), item: item)
        case .shown:
            guard wantsPieces else { return source.loader.endStream(.afterItem) }
            let piece = batch.content()
            if presenter.drawsViews, verbosity > .quiet {
                for note in piece.notes { presenter.note(note, about: source.name) }
            }
            presenter.piece(piece, ofSource: source.index)
            if !wantsPieces { source.loader.endStream(.afterItem) }
        }
    }

    /// Whether pieces are still wanted: the run goes on, no signal waits, stdout is open.
    private var wantsPieces: Bool { environment.ending == nil && !environment.signalWaiting && !output.isClosed }
}
