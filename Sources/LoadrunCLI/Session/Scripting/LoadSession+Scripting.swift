import Loader
package import Plan
import Plugins

/// What a run does for scripts beyond showing its sources: wait for a condition and exit
/// (`--until`…), and run a command on each change (`--on-change`).
package struct ScriptingSettings {
    package var wait: WaitSettings?
    /// `--on-change CMD`.
    package var onChange: String?

    package init(wait: WaitSettings? = nil, onChange: String? = nil) {
        self.wait = wait
        self.onChange = onChange
    }

    /// Whether the run reloads on the watch's interval for them: a wait and a command on
    /// change both need loads after the first.
    package var reloads: Bool { wait != nil || onChange != nil }

    /// Whether each load's content is fingerprinted: a wait and a command on change read each
    /// load's verdict.
    var fingerprintsContent: Bool { reloads }

    /// Whether a live stream's items are read as they come: `--until`'s program is judged on
    /// each, and `--on-change`'s command runs for each.
    var readsStreamItems: Bool {
        if case .expression = wait?.condition { return true }
        return onChange != nil
    }
}

/// What a run does for scripts, as it runs: the settings, the command on change, and the
/// wait's deadline and the program it may be running.
final class ScriptingRun {
    let settings: ScriptingSettings
    /// The output format: what a command on change reads is the content as it prints it.
    let format: OutputFormat
    /// Runs `--on-change`'s command.
    var changeCommands: ChangeCommands?
    /// Ends the wait when `--until-timeout` passes.
    var waitDeadline: LoopSource?
    /// When `--until-timeout` passes: the commands a met wait lets end are ended then.
    var waitEnds: ContinuousClock.Instant?
    /// While a stream's item is judged by the wait's program: what a signal ends it with.
    var judging: OffLoop.Cancellation?
    /// The wait's program running on each source's settled load, off the loop, by index (see
    /// `LoadSession+Waits`), and the changes of that source that came meanwhile, in order,
    /// told once it has judged.
    var judgments: [Int: (run: OffLoop.Later?, held: [(StateChange, SourceSnapshot)])] = [:]
    /// The items of each source's stream that no command has read yet, as `--output` prints
    /// them, by index, and their bytes: the next run's input.
    var streamedInput: [Int: (items: [[UInt8]], bytes: Int)] = [:]

    /// The most bytes of items that wait for a command: past it, the oldest go.
    static let streamedInputLimit = 1 << 20

    /// What waits for source `index`'s command, taken: the items one after another.
    func takeStreamedInput(_ index: Int) -> [UInt8]? {
        streamedInput.removeValue(forKey: index).map { Array($0.items.joined()) }
    }

    init(settings: ScriptingSettings, format: OutputFormat) {
        self.settings = settings
        self.format = format
    }
}

extension LoadSession {
    /// Starts the wait's deadline, if it has one.
    func startWaitDeadline() {
        guard let timeout = scripting.settings.wait?.timeout else { return }
        scripting.waitEnds = .now + timeout
        scripting.waitDeadline = loop.schedule(after: timeout) { [unowned self] in send(.waitTimedOut) }
    }

    /// Says that the wait's timeout passed, and why each of `unmet` had not met its condition.
    func sayUnmetWait(_ unmet: [Int]) {
        guard let wait = scripting.settings.wait else { return }
        let timeout = wait.timeout.map { DurationArgument($0).defaultValueDescription } ?? ""
        diagnostics.say("loadrun: --until-timeout \(timeout) passed before \(wait.description) held for \(unmet.count == 1 ? "\(sources[unmet[0]].name)" : "\(unmet.count) sources")")
        for index in unmet {
            let source = sources[index]
            // A stream's last item says more than what it came to rest with.
            let reason = machine.verdicts.wait?.reason(index)
            if let error = source.loader.state.error, source.loader.state.hasFailed {
                diagnostics.say("\(source.name): its last load failed: \(LoadErrorText.describe(error))" + (reason.map { "; before it, \($0)" } ?? ""))
            } else if let reason {
                diagnostics.say("\(source.name): \(reason)")
            } else {
                diagnostics.say("\(source.name): no load had finished")
            }
        }
    }

    /// The content's JSON, which an `--until` program runs on: the `--jq` results, one a line,
    /// or what `--output json` prints.
    func contentJSON(_ content: AnyContent) -> String {
        if let results = content.model as? JQPlugin.Results { return results.compact.joined(separator: "\n") }
        return plugins.renderJSON(content, context: plainContext())
    }

    /// The wait's program's judgment of an item of source `index`'s live stream, as it came,
    /// where the condition is a program: run here, in the loader's turn, never in the
    /// machine's (it is not handling an event: nothing turns the loop inside it), and told
    /// to the machine with the item (`itemArrived`).
    func judgment(of item: AnyContent, of index: Int) -> WaitJudge.Judgment? {
        // Past --until-timeout (the full-screen view stays), the wait judges no more.
        guard let wait = machine.verdicts.wait, let program = wait.program, !wait.hasTimedOut else { return nil }
        // A signal meanwhile ends the program, as it ends a load's (`watchSignals`).
        let cancellation = OffLoop.Cancellation()
        let outer = scripting.judging
        scripting.judging = cancellation
        defer { scripting.judging = outer }
        let input = contentJSON(item)
        let run = OffLoop.cancellable(by: cancellation) { program.run(Array(input.utf8), deadline: wait.deadline) }
        return wait.judgment(changedSinceFirst: false, json: { input }, program: WaitJudge.ProgramRun(input: input, run: run))
    }

    /// Runs the command on change for an item of source `index`'s stream, with the items
    /// that come while it runs read by its next run.
    func runCommand(for item: AnyContent, of index: Int) {
        guard let commands = scripting.changeCommands else { return }
        var waiting = scripting.streamedInput[index] ?? ([], 0)
        let input = commandInput(item)
        waiting.items.append(input)
        waiting.bytes += input.count
        // Whole items go, the oldest first, past the bound (the newest always stays).
        var dropped = 0
        while waiting.bytes > ScriptingRun.streamedInputLimit, dropped < waiting.items.count - 1 {
            waiting.bytes -= waiting.items[dropped].count
            dropped += 1
        }
        if dropped > 0 { waiting.items.removeFirst(dropped) }
        scripting.streamedInput[index] = waiting
        commands.changed(index, status: sources[index].loader.streamStatus)
    }

    /// The content as `--output` prints it, with no styling: what the command on change reads.
    func commandInput(_ source: SessionSource) -> [UInt8] {
        guard let content = source.loader.state.content else { return [] }
        return commandInput(content)
    }

    /// `content` as `--output` prints it, with no styling.
    private func commandInput(_ content: AnyContent) -> [UInt8] {
        switch scripting.format {
        case .text: return Array(plugins.render(content, context: plainContext()).utf8)
        case .json: return Array((plugins.renderJSON(content, context: plainContext()) + "\n").utf8)
        // One line, as each line of --output ndjson is.
        case .ndjson: return Array((JSONCompaction.compacted(plugins.renderJSON(content, context: plainContext())) + "\n").utf8)
        }
    }

    /// How content renders for a pipe: no styling, no terminal.
    private func plainContext() -> RenderContext {
        var context = renderContext(imageFormat: nil)
        context.allowsStyling = false
        context.isTerminal = false
        context.interruption = nil
        return context
    }
}
