import Loader

/// How the session machine judges the items of a live stream as they come, as it judges a
/// settled load: a wait met by one ends the stream before it (its end mark); any other runs
/// the command on change for it, and the load's end then runs none of its own.
extension SessionMachine {
    /// The `count`th item of source `index`'s stream came; `judgment`: the wait's program's
    /// judgment of it, where the condition is one (the session ran it as the item came).
    mutating func itemArrived(_ index: Int, count: Int, judgment: WaitJudge.Judgment?) -> [Action] {
        guard ending == nil else { return [] }
        // Only a program is judged on an item: another condition waits for the load's end,
        // and an item no program judged met nothing, nor failed to.
        let met = waits ? judgment.map { $0.met ?? false } : nil
        if waits, let judgment {
            verdicts.streamItemJudged(index, judgment)
            // What the run waited for: the stream's end mark (`[DONE]`), not content.
            if judgment.met == true { return [.showItem(index, count: count, conditionMet: true), .endStream(index, .beforeItem)] }
        }
        streamedItems.insert(index)
        return [.runItemCommand(index), .showItem(index, count: count, conditionMet: met)]
    }
}
