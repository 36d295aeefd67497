/// The session's events taken one at a time: one that comes while another is handled (an
/// action whose loader publishes at once, a presenter's intent) waits its turn, and runs after
/// it, in the order they came. Most come alone: they wait in no queue, and cost no closure
/// kept for later.
final class TurnQueue {
    private var waiting: [() -> Void] = []
    /// Whether an event is being handled: one that comes now waits (`later`).
    private(set) var isBusy = false

    /// `work` to run once what is being handled, and what waited before it, are done.
    func later(_ work: @escaping () -> Void) {
        waiting.append(work)
    }

    /// Runs `work` (nothing is being handled), then what comes meanwhile, in turn.
    func inTurn(_ work: () -> Void) {
        isBusy = true
        work()
        var next = 0
        while next < waiting.count {
            next += 1
            waiting[next - 1]()
        }
        waiting.removeAll(keepingCapacity: true)
        isBusy = false
    }
}
