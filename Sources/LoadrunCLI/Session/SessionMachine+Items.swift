import Loader

/// How the session machine judges the items of a live stream as they come, as it judges a
/// settled load: a wait met by one ends the stream before it (its end mark); any other runs
/// the command on change for it, and the load's end then runs none of its own.
extension SessionMachine {
    /// Item of source `index`'s stream came; `judgment`: the wait's program's judgment of it,
    /// where the condition is one (the session ran it as the item came).
    mutating func itemArrived(_ index: Int, judgment: WaitJudge.Judgment?) -> [Action] {
        guard ending == nil else { return [] }
        if waits, let judgment {
            verdicts.streamItemJudged(index, judgment)
            // What the run waited for: the stream's end mark (`[DONE]`), not content.
            if judgment.met == true { return [.endStream(index, .beforeItem)] }
        }
        streamedItems.insert(index)
        return [.runItemCommand(index)]
    }
}
