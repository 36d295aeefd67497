/// The one place a run decides what each settled load means (`LoadVerdict`), as a value: the
/// session machine owns it and feeds it every load of a run's source that came to rest with
/// content; what it answers becomes the machine's actions (record a version, run the change
/// command, end the wait) and what the presenters read.
struct LoadVerdicts {
    /// A load that came to rest with content, as a verdict needs to know it.
    struct Load {
        /// The content as the user asked for it: a `--jq` program's results, else the body.
        var content: UInt64
        /// What the server sent: the body (every page's, in order).
        var body: UInt64
        /// Whether it may be a version in the history: the source keeps one.
        var isRecorded: Bool
        /// The content's JSON, for a wait's condition; asked only when it is needed.
        var json: () -> String
        /// The wait's program run on that JSON, where the condition is a program and
        /// `needsProgram` said it must run (the session ran it off the loop).
        var program: WaitJudge.ProgramRun?
        /// Which of its items the run shows, as the history said (see `LoadVerdict.picked`).
        var picked: UnseenItems.Choice?

        init(content: UInt64, body: UInt64, isRecorded: Bool, json: @escaping () -> String = { "null" },
             program: WaitJudge.ProgramRun? = nil, picked: UnseenItems.Choice? = nil) {
            self.content = content
            self.body = body
            self.isRecorded = isRecorded
            self.json = json
            self.program = program
            self.picked = picked
        }
    }

    /// Each source's first content this run, by index.
    private var first: [Int: UInt64] = [:]
    /// Each source's last content, by index.
    private var last: [Int: UInt64] = [:]
    /// What each source's last version in the history holds (its body), by index.
    private var lastVersions: [Int: UInt64] = [:]
    /// Whether each source's last content met the wait's condition: the same content again (a
    /// 304, an unchanged 200) has the same verdict, and a program does not run again on it;
    /// a program cut short decided nothing, and runs again.
    private var lastConditions: [Int: Bool] = [:]
    /// The sources one of whose live stream's items met the wait's condition, in the load
    /// that has not come to rest yet: that load meets it, whatever it comes to rest with.
    private var metByItem: Set<Int> = []
    /// Judges content against the wait's condition, and keeps why a source has not met it.
    private(set) var wait: WaitJudge?
    /// Each source's latest verdict, by index: nil once a load fails or is cancelled after it.
    private(set) var latest: [Int: LoadVerdict] = [:]

    init(wait: WaitJudge? = nil) { self.wait = wait }

    /// The history's last versions, by source index, as the store held them when the run
    /// started: a load of the same content is no new version.
    mutating func knowVersions(_ versions: [Int: UInt64]) {
        lastVersions.merge(versions) { _, known in known }
    }

    /// Source `index`'s load came to rest with `load`'s content: what it means.
    mutating func settle(_ index: Int, _ load: Load) -> LoadVerdict {
        let previous = last.updateValue(load.content, forKey: index)
        let firstContent = first[index] ?? load.content
        first[index] = firstContent
        let changedSinceFirst = load.content != firstContent
        var history = LoadVerdict.HistoryStep.none
        if load.isRecorded {
            history = lastVersions[index] == load.body ? .seenAgain : .newVersion
            lastVersions[index] = load.body
        }
        var verdict = LoadVerdict(isFirst: previous == nil, changed: previous != load.content, changedSinceFirst: changedSinceFirst,
                                  history: history, picked: load.picked)
        if wait != nil {
            if metByItem.remove(index) != nil {
                verdict.conditionMet = true
                lastConditions[index] = true
            } else if !verdict.changed, let known = lastConditions[index] {
                verdict.conditionMet = known
            } else if let judgment = wait?.judgment(changedSinceFirst: changedSinceFirst, json: load.json, program: load.program) {
                let met = wait?.note(judgment, of: index)
                verdict.conditionMet = met ?? false
                lastConditions[index] = met
            }
        }
        latest[index] = verdict
        return verdict
    }

    /// Whether settling source `index` with content `content` needs the wait's program run on
    /// it first: the condition is a program, and neither an item of the load met it nor is
    /// the content the last one judged, whose verdict stands.
    func needsProgram(_ index: Int, content: UInt64) -> Bool {
        guard wait?.program != nil, !metByItem.contains(index) else { return false }
        return last[index] != content || lastConditions[index] == nil
    }

    /// An item of source `index`'s live stream was judged against the wait's condition as it
    /// came: met, the load it ends meets it; else why not is kept.
    mutating func streamItemJudged(_ index: Int, _ judgment: WaitJudge.Judgment) {
        if wait?.note(judgment, of: index, item: true) == true { metByItem.insert(index) }
    }

    /// Source `index`'s load ended without content of its own (it failed, even beside a stored
    /// copy, or was cancelled): no verdict stands for it, and its last content stays the one
    /// the next load is compared with.
    mutating func unsettle(_ index: Int) {
        latest[index] = nil
        metByItem.remove(index)
    }
}
