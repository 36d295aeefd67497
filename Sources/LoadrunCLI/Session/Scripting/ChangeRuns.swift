/// When `--on-change`'s command runs for each source, as a value: for each change the load's
/// verdict tells (`LoadVerdict.runsChangeCommand`), one run at a time per source, and the
/// changes that arrive while one runs coalesced into one more run after it, on the content
/// then current.
struct ChangeRuns {
    /// Run the command for source `index`, whose `change`th change this is.
    struct Run: Equatable {
        var index: Int
        var change: Int
    }

    /// How many changes each source has had, by index.
    private(set) var changes: [Int: Int] = [:]
    private var running: Set<Int> = []
    /// The sources that changed while their command ran: one more run when it ends.
    private var pending: Set<Int> = []

    init() {}

    /// Source `index`'s content changed: the run this calls for, if any.
    mutating func changed(_ index: Int) -> Run? {
        changes[index, default: 0] += 1
        if running.contains(index) {
            pending.insert(index)
            return nil
        }
        running.insert(index)
        return Run(index: index, change: changes[index, default: 0])
    }

    /// Source `index`'s command ended: the run that waited, if one did.
    mutating func finished(_ index: Int) -> Run? {
        guard pending.remove(index) != nil else {
            running.remove(index)
            return nil
        }
        return Run(index: index, change: changes[index, default: 0])
    }

    /// Whether source `index`'s command is running.
    func isRunning(_ index: Int) -> Bool { running.contains(index) }
}
