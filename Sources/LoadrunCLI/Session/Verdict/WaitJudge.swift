import Plan
import Plugins
import TerminalText

/// Judges content of a wait (`--until`, `--until-change`, `--until-ok`) against its
/// condition, and keeps why each source has not met it yet, for the message the timeout
/// gives: the run's one judge, which `LoadVerdicts` owns. It runs no program: a condition
/// that is a program (`--until EXPR`) is judged on the run the session made of it, off the
/// loop, before the load is told (a settled load), or as the item came (a stream's).
struct WaitJudge {
    let settings: WaitSettings
    /// When `--until-timeout` passes: a program still running then is left to its thread, and
    /// the wait ends as its timeout says.
    let deadline: ContinuousClock.Instant?
    /// Why each source has not met the condition, as of its last judged load, by index.
    private(set) var reasons: [Int: String] = [:]
    /// Why the last item judged of each source's live stream did not meet it, by index: it
    /// says more than what the stream came to rest with.
    private(set) var itemReasons: [Int: String] = [:]

    /// What a judgment of content came to: met or not (nil: undecided, the program was cut
    /// short by the timeout or a signal: the same content is judged again next time), and why
    /// not, when it was not met.
    struct Judgment: Equatable {
        var met: Bool?
        var reason: String?
    }

    /// The wait's program run on content's JSON: `input`, and what it came to.
    struct ProgramRun {
        var input: String
        var run: JQProgram.Run
    }

    init(_ settings: WaitSettings, deadline: ContinuousClock.Instant? = nil) {
        self.settings = settings
        self.deadline = deadline
    }

    /// Whether `--until-timeout` has passed: no program is run for the wait any more.
    var hasTimedOut: Bool { deadline.map { .now >= $0 } ?? false }

    /// The program the condition runs on content, when it is one.
    var program: JQProgram? {
        if case .expression(let program) = settings.condition { return program }
        return nil
    }

    /// Whether content meets the condition; `changedSinceFirst`: it differs from the run's
    /// first; `json` gives the content's JSON (what `--output json` prints) when the condition
    /// needs it; `program`: the condition's program run on it, for a condition that is one
    /// (without, it is undecided).
    func judgment(changedSinceFirst: Bool, json: () -> String, program made: ProgramRun?) -> Judgment {
        switch settings.condition {
        case .success:
            return Judgment(met: true)
        case .change:
            if changedSinceFirst { return Judgment(met: true) }
            return Judgment(met: false, reason: "its content is still the first load's: \(Self.excerpt(json()))")
        case .expression(let program):
            guard let made else { return Judgment(met: nil) }
            let (input, run) = (made.input, made.run)
            if let stopped = run.stopped {
                let reason = stopped == .deadline ? "`\(program.source)` was still running when --until-timeout passed, on \(Self.excerpt(input))" : nil
                return Judgment(met: nil, reason: reason)
            }
            if let failure = run.failure {
                return Judgment(met: false, reason: "`\(program.source)` gave jq an error: \(failure), on \(Self.excerpt(input))")
            }
            guard let last = run.results.last else {
                return Judgment(met: false, reason: "`\(program.source)` gave no value on \(Self.excerpt(input))")
            }
            if Self.isTruthy(last) { return Judgment(met: true) }
            return Judgment(met: false, reason: "`\(program.source)` gave \(last) on \(Self.excerpt(input))")
        }
    }

    /// Keeps why source `index` has not met the condition, as `judgment` found of its load,
    /// or of an item of its stream; returns whether it met it.
    mutating func note(_ judgment: Judgment, of index: Int, item: Bool = false) -> Bool? {
        if let reason = judgment.reason {
            if item { itemReasons[index] = reason } else { reasons[index] = reason }
        }
        return judgment.met
    }

    /// Why source `index` has not met the condition: its stream's last item's reason, else
    /// its last load's.
    func reason(_ index: Int) -> String? { itemReasons[index] ?? reasons[index] }

    /// Whether a result, as compact JSON, counts as true: anything but `false` and `null`, as
    /// jq's `-e` and its conditionals judge.
    static func isTruthy(_ compact: String) -> Bool { compact != "false" && compact != "null" }

    /// The start of `json` on one line, whitespace between tokens dropped, and safe for a
    /// terminal: enough to see what the content was.
    static func excerpt(_ json: String, limit: Int = 120) -> String {
        let compact = JSONCompaction.compacted(json)
        let line = UntrustedText.forTerminalLine(compact)
        return line.count > limit ? String(line.prefix(limit)) + "…" : line
    }
}
