/// The one place a load session's end becomes its outcome.
extension SessionMachine {
    /// What the run came to: every source loaded (or its reader left), some failed, all did,
    /// stdout could not be written, or a signal ended it. A run quit with `q` says whether
    /// some or all of its sources stood failed; one still loading has not failed.
    func outcome(outputFailure: OutputFailure?) -> RunOutcome {
        if let outputFailure { return outputFailure.isBrokenPipe ? .success : .outputFailed }
        switch ending {
        case .outputFailed?:
            return .outputFailed
        case .unstarted?:
            return .allFailed
        case .stdoutClosed?, .conditionMet?:
            return .success
        case .waitTimedOut?:
            return .conditionNotMet
        case .signal(let number)?:
            return .signal(number)
        case .quit?:
            let failed = standingFailures.count
            if failed == 0 { return .success }
            return failed == sourceCount ? .allFailed : .someFailed
        case nil:
            let failed = (0..<sourceCount).count { !phase(.source($0)).isLoaded }
            if failed == 0 { return .success }
            return failed == sourceCount ? .allFailed : .someFailed
        }
    }
}
