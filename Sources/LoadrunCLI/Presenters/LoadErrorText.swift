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
        // The core's suggestion says what is wrong to fix; the remedy, how to go past it here.
        let parts = [storedCopy(error), error.suggestion, error.remedy.map(advice)].compactMap { $0 }
        return parts.isEmpty ? error.description : error.description + " — " + parts.joined(separator: "; ")
    }

    /// `showing the last good copy, from 3 h ago`, when a copy from an earlier run stands
    /// beside the error.
    static func storedCopy(_ error: LoadError) -> String? {
        error.copyVerifiedAt.map { "showing the last good copy, from \(StoredCopy.age(since: $0)) ago" }
    }

    /// `the stream ended — reconnecting in 3 s, after event 42`: a live stream's connection
    /// that its machine opens again, and whether what comes may repeat what was shown.
    static func describe(_ reconnection: SourceMachine<AnyContent>.Reconnection) -> String {
        let ended = reconnection.cause.map { "the stream's connection failed: \($0.description)" } ?? "the stream ended"
        let number = reconnection.count > 1 ? " (reconnection \(reconnection.count))" : ""
        let resumes = reconnection.lastEventID.isEmpty
            ? "; the server gave no event IDs, so events already shown may come again"
            : ", after event \(reconnection.lastEventID)"
        return "\(ended) — reconnecting in \(LoadError.format(reconnection.delay))\(number)\(resumes)"
    }

    /// Why a list stopped paging, and what would let it go on.
    static func describe(_ stop: PagingStop) -> String {
        stop.description + (stop.remedy.map { " — " + advice($0) } ?? "")
    }

    /// A remedy in this front end's words: the option that does it.
    static func advice(_ remedy: LoadError.Remedy) -> String {
        switch remedy {
        case .raiseSizeLimit: "raise --max-size if the body really is that large"
        case .raiseDeadline: "the server is slow or stuck; raise --timeout or try again later"
        case .raiseConnectTimeout: "is the host reachable? Raise --connect-timeout on a slow network"
        case .raiseRedirectLimit: "the redirects may loop; raise --max-redirs if they do not"
        case .loadOnePage: "load it without --pages"
        case .namePlugin: "name one with --plugin"
        case .followCrossHostLinks: "give --follow-cross-host to follow it"
        case .trustIssuer: "if you trust this server, give --cacert with its CA's PEM file (cacert= in the sources file), or -k to accept it unchecked"
        case .acceptCertificate: "-k accepts the certificate unchecked, if you must"
        case .useHTTP1: "if its HTTP/2 is broken, --http1.1 speaks HTTP/1.1 to it"
        case .askForNoCoding: "try -H 'Accept-Encoding: identity' to ask for none"
        case .raiseDeadlineOrUseHTTP1: "raise --timeout if the server is slow; --http1.1 if it resets streams"
        case .usePluginThatTakes(let names):
            "--plugin \(names[0]) takes it\(names.count > 1 ? " (so do \(names.dropFirst().joined(separator: ", ")))" : ""), "
                + "or drop --source and --plugin so that the plugin is chosen by the content"
        case .waitLongerForInput:
            "the command before the | is slow or stuck; raise --timeout to wait longer"
        case .feedStandardInput:
            "pipe the content in (curl -s URL | loadrun --url -), or check that the command before the | printed it"
        }
    }
}
