internal import CSoup

/// What the fetch does when libsoup sends its message again: follows a redirect (up to
/// `FetchOptions.maxRedirects`), or stops a request refused or challenged once too often.
extension HTTPFetch {
    /// libsoup sends the message again (see `MessageRestarts`).
    func didRestart(_ restarted: OpaquePointer) {
        let status = Int(soup_message_get_status(restarted).rawValue)
        switch restarts.restarted(to: SoupMessageObject.currentURL(of: restarted), status: status) {
        case .redirected(let url):
            redirects += 1
            guard redirects <= options.maxRedirects else {
                client.loop.schedule(urgently: true) { [weak self, limit = options.maxRedirects] in
                    self?.stop(.tooManyRedirects(limit: limit))
                }
                return
            }
            client.trafficLog?(HTTPLogLine(.note, "following the redirect to \(url)"))
        case .refused:
            // Not from inside libsoup's own signal: on the loop, before its next I/O.
            client.loop.schedule(urgently: true) { [weak self] in
                self?.stop(.refusedUnprocessed(times: MessageRestarts.refusalsInARow))
            }
        case .challengedAgain:
            client.loop.schedule(urgently: true) { [weak self] in
                self?.stop(.challengedAgain(times: MessageRestarts.challengesInARow))
            }
        case .nothing:
            break
        }
    }
}
