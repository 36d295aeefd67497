import Loader
import Plugins

/// How a wait's program (`--until EXPR`) judges a settled load without turning the loop
/// inside the session machine: the session runs it off the loop first, as a command, and
/// tells the machine the change with what it came to, as its event. The source's changes
/// that come meanwhile are held, and told after it, in order.
extension LoadSession {
    /// Tells the machine of `change` of `source`, now, or once the wait's program has judged
    /// it (or a change held before it).
    func tell(_ change: StateChange, of source: SessionSource) {
        let index = source.index
        if scripting.judgments[index] != nil { return scripting.judgments[index]!.held.append(change) }
        guard var load = settledLoad(change, of: source), machine.verdicts.needsProgram(index, content: load.content),
              let wait = machine.verdicts.wait, let program = wait.program else {
            return send(.changed(.source(index), change.cause, Self.phase(of: source), settledLoad(change, of: source)), change: change)
        }
        let input = load.json()
        scripting.judgments[index] = (nil, [])
        let running = program.start(Array(input.utf8), deadline: wait.deadline) { [unowned self, unowned source] run in
            load.program = WaitJudge.ProgramRun(input: input, run: run)
            let held = scripting.judgments.removeValue(forKey: index)?.held ?? []
            send(.changed(.source(index), change.cause, Self.phase(of: source), load), change: change)
            changeShown()
            for later in held { tell(later, of: source) }
        }
        // Without a loop it ran, and was told, before `start` returned.
        if scripting.judgments[index] != nil { scripting.judgments[index]?.run = running }
    }

    /// Ends every wait for a program's judgment (a signal): each change is told with its
    /// condition undecided.
    func cancelJudgments() {
        for judgment in scripting.judgments.values { judgment.run?.cancel() }
    }
}
