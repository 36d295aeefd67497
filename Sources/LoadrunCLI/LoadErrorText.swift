import Loader

/// A load error as one line for a person: what happened, then what to do or when the next try
/// comes. Diagnostics makes it safe for the terminal on its way out.
enum LoadErrorText {
    /// `<what happened> — retrying in 3.2 s (attempt 2 of 3)`.
    static func describe(_ error: LoadError, retry: PendingRetry) -> String {
        var text = "\(error.description) — retrying in \(LoadError.format(retry.delay))"
        if retry.clampedRetryAfter { text += " (the server's Retry-After, capped at 6 h)" }
        return text + " (attempt \(retry.attempt) of \(retry.maxAttempts))"
    }

    /// `<what happened> — <what to do>`.
    static func describe(_ error: LoadError) -> String {
        var text = error.description
        if let suggestion = error.suggestion { text += " — " + suggestion }
        return text
    }
}
