import Plan
import Plugins
import TerminalText

/// Judges content of a wait (`--until`, `--until-change`, `--until-ok`) against its
/// condition, and keeps why each source has not met it yet, for the message the timeout
/// gives. `LoadVerdicts` asks it, for content it has not judged before.
struct WaitJudge {
    let settings: WaitSettings
    /// When `--until-timeout` passes: a program still running then is left to its thread, and
    /// the wait ends as its timeout says.
    let deadline: ContinuousClock.Instant?
    /// Why each source has not met the condition, as of its last judged load, by index.
    private(set) var reasons: [Int: String] = [:]

    init(_ settings: WaitSettings, deadline: ContinuousClock.Instant? = nil) {
        self.settings = settings
        self.deadline = deadline
    }

    /// Whether source `index`'s content meets the condition; `changedSinceFirst`: it differs
    /// from the run's first; `json` gives the content's JSON (what `--output json` prints) when
    /// the condition needs it. nil: undecided, the program was cut short (the timeout, a
    /// signal): the same content is judged again next time.
    mutating func judge(_ index: Int, changedSinceFirst: Bool, json: () -> String) -> Bool? {
        switch settings.condition {
        case .success:
            return true
        case .change:
            if changedSinceFirst { return true }
            reasons[index] = "its content is still the first load's: \(Self.excerpt(json()))"
            return false
        case .expression(let program):
            let input = json()
            let run = program.run(Array(input.utf8), deadline: deadline)
            if let stopped = run.stopped {
                if stopped == .deadline {
                    reasons[index] = "`\(program.source)` was still running when --until-timeout passed, on \(Self.excerpt(input))"
                }
                return nil
            }
            if let failure = run.failure {
                reasons[index] = "`\(program.source)` gave jq an error: \(failure), on \(Self.excerpt(input))"
                return false
            }
            guard let last = run.results.last else {
                reasons[index] = "`\(program.source)` gave no value on \(Self.excerpt(input))"
                return false
            }
            if Self.isTruthy(last) { return true }
            reasons[index] = "`\(program.source)` gave \(last) on \(Self.excerpt(input))"
            return false
        }
    }

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
