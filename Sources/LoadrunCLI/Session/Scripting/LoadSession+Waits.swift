import Loader
import Plugins

/// How a wait's program (`--until EXPR`) judges a settled load without turning the loop
/// inside the session machine: the session runs it off the loop first, as a command, and
/// tells the machine the change with what it came to, as its event. The source's changes
/// that come meanwhile are held, and told after it, in order.
extension LoadSession {
    /// Tells the machine of `change` of `source`, which left it as `snapshot` says, now, or
    /// once the wait's program has judged it (or a change held before it). Only a load come
    /// to rest is judged: a page that continues its chain is not (the machine judges the
    /// chain's end).
    func tell(_ change: StateChange, snapshot: SourceSnapshot, of source: SessionSource) {
        let index = source.index
        if scripting.judgments[index] != nil { return scripting.judgments[index]!.held.append((change, snapshot)) }
        let settled = snapshot.phase.continuesChain ? nil : settledLoad(change, of: source)
        guard var load = settled, machine.verdicts.needsProgram(index, content: load.content), let wait = machine.verdicts.wait,
              let program = wait.program, !wait.hasTimedOut else {
            return send(.changed(.source(index), change.cause, snapshot.phase, settled), change: change, snapshot: snapshot)
        }
        let input = load.json()
        scripting.judgments[index] = (nil, [])
        let running = program.start(Array(input.utf8), deadline: wait.deadline) { [unowned self, unowned source] run in
            load.program = WaitJudge.ProgramRun(input: input, run: run)
            let held = scripting.judgments.removeValue(forKey: index)?.held ?? []
            send(.changed(.source(index), change.cause, snapshot.phase, load), change: change, snapshot: snapshot)
            changeShown()
            for (later, snapshot) in held {
                tell(later, snapshot: snapshot, of: source)
                changeShown()
            }
        }
        // Without a loop it ran, and was told, before `start` returned.
        if scripting.judgments[index] != nil, scripting.judgments[index]?.run == nil { scripting.judgments[index]?.run = running }
    }

    /// Ends every wait for a program's judgment (the run is ending): each change is told with
    /// its condition undecided.
    func cancelJudgments() {
        for judgment in scripting.judgments.values { judgment.run?.cancel() }
    }
}
