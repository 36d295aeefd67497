package import Plugins

/// `--until EXPR`, `--until-change`, `--until-ok` and `--until-timeout`: reload on the watch's
/// interval until every source has met a condition, then exit 0; exit 1 if the timeout passes
/// first (`kubectl wait`'s meaning).
package struct WaitSettings {
    /// What a source's load must show for the source to have met the wait.
    package enum Condition {
        /// A jq program, run on the content's JSON (the `--jq` results when there are some):
        /// met when its last result is neither `false` nor `null`, as `jq -e` judges.
        case expression(JQProgram)
        /// Content that differs from the source's first load (`watch -g`).
        case change
        /// Any load that succeeds.
        case success
    }

    package var condition: Condition
    /// How long the wait may last from the start; nil: until a signal ends it.
    package var timeout: Duration?

    package init(condition: Condition, timeout: Duration? = nil) {
        self.condition = condition
        self.timeout = timeout
    }

    /// The wait the options ask for: nil when none does; a usage error for options that do not
    /// go together, or an `--until` program that does not compile (jq's words, before any
    /// request). An `--until` program has the run's `$NAME`s (`arguments`), as `--jq`'s has.
    package static func make(until: String?, untilChange: Bool, untilOK: Bool, timeout: Duration?,
                             arguments: JQArguments = JQArguments()) throws(UsageFailure) -> WaitSettings? {
        let given = [until.map { _ in "--until" }, untilChange ? "--until-change" : nil, untilOK ? "--until-ok" : nil].compactMap { $0 }
        if given.count > 1 { throw UsageFailure(message: "give one of --until, --until-change and --until-ok, not \(given.joined(separator: " and "))") }
        let condition: Condition
        if let until {
            do throws(JQProgram.CompileError) {
                condition = .expression(try JQProgram(until, arguments: arguments))
            } catch {
                throw UsageFailure(message: "--until: \(error)")
            }
        } else if untilChange {
            condition = .change
        } else if untilOK {
            condition = .success
        } else {
            if timeout != nil { throw UsageFailure(message: "--until-timeout bounds a wait: give it with --until, --until-change or --until-ok") }
            return nil
        }
        return WaitSettings(condition: condition, timeout: timeout)
    }

    /// The condition as the user gave it, for messages.
    package var description: String {
        switch condition {
        case .expression(let program): "--until '\(program.source)'"
        case .change: "--until-change"
        case .success: "--until-ok"
        }
    }
}
