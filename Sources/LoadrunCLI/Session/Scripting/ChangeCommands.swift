import Loader

/// `--on-change CMD`: runs the command with `/bin/sh -c` for each change the session machine
/// hands it (`LoadVerdict.runsChangeCommand`), one at a time per source (`ChangeRuns`): the content as `--output` prints
/// it on its stdin, the source in its environment, its output on stderr line by line after
/// the source's name. A command still running when loadrun ends gets SIGTERM.
final class ChangeCommands {
    let command: String
    private let loop: EventLoop
    private let diagnostics: Diagnostics
    /// The content of a source as the command reads it.
    private let input: (SessionSource) -> [UInt8]
    private var runs = ChangeRuns()
    /// The command running for each source, by index.
    private var processes: [Int: ChildProcess] = [:]
    /// What each source's command has written since its last newline, by index.
    private var partialLines: [Int: [UInt8]] = [:]
    /// The HTTP status of each source's last load, by index, for `LOADRUN_STATUS`.
    private var statuses: [Int: Int] = [:]
    /// Commands that exited while something they started still writes to their output.
    private var draining: [ChildProcess] = []
    /// Whether the run is over: no command starts any more.
    private var isFinishing = false

    init(command: String, loop: EventLoop, diagnostics: Diagnostics, input: @escaping (SessionSource) -> [UInt8]) {
        self.command = command
        self.loop = loop
        self.diagnostics = diagnostics
        self.input = input
    }

    /// `source`'s content changed, the server answering `status`.
    func changed(_ source: SessionSource, status: Int?) {
        if let status { statuses[source.index] = status }
        if let run = runs.changed(source.index) { start(run, of: source) }
    }

    /// Ends every command still running, and what it started, with SIGTERM. `lettingThemEnd`:
    /// first let the running commands end by themselves, the loop turning, until `deadline`
    /// when there is one (a wait that was met: the command its last change started does its
    /// work, within `--until-timeout`); a signal meanwhile leaves at once (`LoadSession`'s
    /// `leaveNow`).
    func finish(lettingThemEnd: Bool, until deadline: ContinuousClock.Instant?) {
        isFinishing = true
        if lettingThemEnd, !processes.isEmpty {
            var passed = false
            let timer = deadline.map { loop.schedule(after: max($0 - .now, .zero)) { passed = true } }
            while !passed && !processes.isEmpty { loop.iterate(blocking: true) }
            timer?.cancel()
            if passed, !processes.isEmpty {
                diagnostics.say("loadrun: --until-timeout passed while --on-change's command still ran; it is ended")
            }
        }
        for process in Array(processes.values) + draining { process.terminate() }
        processes = [:]
        draining = []
    }

    /// Sends SIGTERM to every command still running: loadrun is leaving at once.
    func terminateNow() {
        for process in Array(processes.values) + draining { process.terminate() }
    }

    private func start(_ run: ChangeRuns.Run, of source: SessionSource) {
        let environment = [
            (name: "LOADRUN_SOURCE", value: source.loader.source.name),
            (name: "LOADRUN_URL", value: source.loader.firstPageURL),
            (name: "LOADRUN_STATUS", value: statuses[run.index].map(String.init) ?? ""),
            (name: "LOADRUN_CHANGE", value: String(run.change)),
        ]
        let index = run.index
        let started = ChildProcess.start(shellCommand: command, environment: environment, input: input(source), loop: loop,
                                         output: { [unowned self] bytes in said(bytes, by: index, of: source) },
                                         exit: { [unowned self] exit in ended(exit, index: index, of: source) })
        switch started {
        case .success(let process):
            processes[index] = process
        case .failure(let failure):
            diagnostics.say("\(source.name): --on-change command could not start: \(failure)")
            if let next = runs.finished(index) { start(next, of: source) }
        }
    }

    /// The longest line held back for its newline: past it, what came is said as a line.
    static let longestLine = 1 << 16

    /// Says each whole line the command wrote, after the source's name.
    private func said(_ bytes: [UInt8], by index: Int, of source: SessionSource) {
        let pending = partialLines[index, default: []] + bytes
        // Lines found from a moving start, the rest kept once: no copying per line.
        var start = 0
        while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) ?? (pending.count - start > Self.longestLine ? start + Self.longestLine : nil) {
            diagnostics.say("\(source.name): \(String(decoding: pending[start..<end], as: UTF8.self))")
            start = pending[end] == UInt8(ascii: "\n") ? end + 1 : end
        }
        partialLines[index] = Array(pending[start...])
    }

    private func ended(_ exit: ChildProcess.Exit, index: Int, of source: SessionSource) {
        if let process = processes.removeValue(forKey: index), process.hasOutputLeft { draining.append(process) }
        draining.removeAll { !$0.hasOutputLeft }
        if let rest = partialLines.removeValue(forKey: index), !rest.isEmpty {
            diagnostics.say("\(source.name): \(String(decoding: rest, as: UTF8.self))")
        }
        switch exit {
        case .exited(status: 0): break
        case .exited(let status): diagnostics.say("\(source.name): --on-change command exited with status \(status)")
        case .signalled(let signal): diagnostics.say("\(source.name): --on-change command was ended by signal \(signal)")
        }
        if let next = runs.finished(index), !isFinishing { start(next, of: source) }
    }
}
