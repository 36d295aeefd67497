import Loader

/// `--output ndjson`: one JSON line on stdout per state transition, and nothing else there:
/// no spinner and no skeleton, terminal or not, so no progress line interleaves with the
/// records.
final class NDJSONLog: Presenter {
    private(set) var environment: PresenterEnvironment!
    /// Each record says whether the load changed the content.
    var tellsChanges: Bool { true }

    func start(_ sources: [SourceSnapshot], boards: any StatusBoards, environment: PresenterEnvironment) {
        self.environment = environment
    }

    func changed(_ source: SourceSnapshot, by change: StateChange, verdict: LoadVerdict?) {
        if change.cause != .progressed {
            environment.output.write(TransitionRecord(change, at: TransitionRecord.now(), verdict: verdict).line())
        }
        // A run that loads once also says on stderr what failed, as its text output does; a
        // watch's failures are in the records, one cycle after another.
        guard environment.ending == nil, !environment.staysUp, case .failed(let error, _, let retry) = change.to else { return }
        if let retry {
            environment.diagnostics.say("\(source.name): \(LoadErrorText.describe(error, retry: retry))")
        } else if change.cause == .failed {
            environment.diagnostics.say("\(source.name): \(LoadErrorText.describe(error))")
        }
    }
}
