/// What a loader gives its decoder to hand items to (see `ItemHandoff`), and what it does with
/// each: publishes it as a `SourceEvent.items` batch, its one way out, and tells the decoder
/// what becomes of it.
extension SourceLoader {
    /// The handoff for a decode or a tap: pieces to show as they come where the run takes them
    /// (`pieceIntake`) and `showsPieces`; a live stream's items as they arrive where `live`.
    /// nil where neither.
    func handoff(showsPieces: Bool, live: Bool) -> ItemHandoff? {
        let intake = showsPieces ? pieceIntake : nil
        guard intake != nil || live else { return nil }
        let shown: ((AnyContent) -> Bool)? = intake.map { _ in { [weak self] piece in self?.shown(piece) ?? false } }
        let arrived: ((() -> AnyContent) -> ItemHandoff.Arrival)? = live ? { [weak self] item in self?.arrived(item) ?? .endWithout } : nil
        return ItemHandoff(isReady: intake?.isReady ?? { true }, shown: shown, arrived: arrived, keepsRecent: live && source.handsOnFirstPage)
    }

    /// A piece of the content, as the decoder made it: published as `.items(.shown)` and noted
    /// in `handedOverPieces`; more are wanted until an observer ends the stream (`endStream`).
    private func shown(_ piece: AnyContent) -> Bool {
        handedOverPieces = true
        publish(.items(ItemBatch(kind: .shown, itemsSoFar: streamed.told) { piece }))
        return streamed.ending == nil
    }

    /// A live stream's item as its tap read it: published where asked (`publishesArrivals`),
    /// and an observer may end the stream before it; its time is noted for the source's state;
    /// and the last `--max-items` allows ends the stream.
    private func arrived(_ item: () -> AnyContent) -> ItemHandoff.Arrival {
        if streamed.told == 0, streamed.last == nil {
            streamed.last = .now
            // Said before the first item is told or goes out: observers learn the source
            // streams first (its content comes with the chunk's progress, once the tap has it).
            send(.streamed(LoadProgress(receivedBytes: streamed.bytes, items: 1, lastItem: streamed.last), content: nil, head: streamed.head))
        }
        if publishesArrivals {
            // Made content only if an observer asks, during the event alone.
            withoutActuallyEscaping(item) { item in
                publish(.items(ItemBatch(kind: .arrived, itemsSoFar: streamed.told + 1, content: item)))
            }
            if streamed.ending == .beforeItem { return .endWithout }
        }
        streamed.told += 1
        if let most = source.maxStreamItems, streamed.told >= most { return .takeAndEnd }
        return streamed.ending == nil ? .take : .takeAndEnd
    }
}
