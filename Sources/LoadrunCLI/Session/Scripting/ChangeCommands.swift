import Loader

/// `--on-change CMD`: runs the command with `/bin/sh -c` for each change the session machine
/// hands it (`LoadVerdict.runsChangeCommand`), one at a time per source (`ChangeRuns`): the content as `--output` prints
/// it on its stdin, the source in its environment, its output on stderr line by line after
/// the source's name. A command still running when loadrun ends gets SIGTERM.
final class ChangeCommands {
    /// A source as its command knows it.
    struct Source {
        /// Its name, made safe for a terminal line, before each line its command says.
        var name: String
        /// `LOADRUN_SOURCE`: its name as given.
        var label: String
        /// `LOADRUN_URL`: the URL of its first page.
        var url: String
    }

    let command: String
    private let loop: EventLoop
    private let diagnostics: Diagnostics
    /// Source `index`, as its command knows it.
    private let describe: (Int) -> Source
    /// The content of source `index` as the command reads it, now.
    private let input: (Int) -> [UInt8]
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

    init(command: String, loop: EventLoop, diagnostics: Diagnostics, describe: @escaping (Int) -> Source, input: @escaping (Int) -> [UInt8]) {
        self.command = command
        self.loop = loop
        self.diagnostics = diagnostics
        self.describe = describe
        self.input = input
    }

    /// Source `index`'s content changed, the server answering `status`.
    func changed(_ index: Int, status: Int?) {
        if let status { statuses[index] = status }
        if let run = runs.changed(index) { start(run) }
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

    private func start(_ run: ChangeRuns.Run) {
        let source = describe(run.index)
        let environment = [
            (name: "LOADRUN_SOURCE", value: source.label),
            (name: "LOADRUN_URL", value: source.url),
            (name: "LOADRUN_STATUS", value: statuses[run.index].map(String.init) ?? ""),
            (name: "LOADRUN_CHANGE", value: String(run.change)),
        ]
        let index = run.index
        let started = ChildProcess.start(shellCommand: command, environment: environment, input: input(index), loop: loop,
                                         output: { [unowned self] bytes in said(bytes, by: index) },
                                         exit: { [unowned self] exit in ended(exit, index: index) })
        switch started {
        case .success(let process):
            processes[index] = process
        case .failure(let failure):
            diagnostics.say("\(source.name): --on-change command could not start: \(failure)")
            if let next = runs.finished(index) { start(next) }
        }
    }

    /// The longest line held back for its newline: past it, what came is said as a line.
    static let longestLine = 1 << 16

    /// Says each whole line the command wrote, after the source's name.
    private func said(_ bytes: [UInt8], by index: Int) {
        let source = describe(index)
        let pending = partialLines[index, default: []] + bytes
        // Lines found from a moving start, the rest kept once: no copying per line.
        var start = 0
        while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) ?? (pending.count - start > Self.longestLine ? start + Self.longestLine : nil) {
            diagnostics.say("\(source.name): \(String(decoding: pending[start..<end], as: UTF8.self))")
            start = pending[end] == UInt8(ascii: "\n") ? end + 1 : end
        }
        partialLines[index] = Array(pending[start...])
    }

    private func ended(_ exit: ChildProcess.Exit, index: Int) {
        let source = describe(index)
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
        if let next = runs.finished(index), !isFinishing { start(next) }
    }
}
