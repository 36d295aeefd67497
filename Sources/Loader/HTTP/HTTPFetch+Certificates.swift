internal import CGLib

/// How a fetch judges a server's certificate that the session's own verification refused
/// (`HTTPClient.judge` decides, by the source's trust), and where a refusal came from, for the
/// failure's words.
extension HTTPFetch {
    /// Whether to take a certificate that failed the session's verification (`HTTPClient.judge`
    /// decides), remembering why not. The peer is the one the message is at now, which after
    /// a redirect is not the URL's.
    func accepts(_ certificate: UnsafeMutablePointer<GTlsCertificate>, with problems: CertificateProblems) -> Bool {
        guard let peer = message.flatMap({ $0.currentURL }).flatMap(URLParts.init) ?? URLParts(url) else { return false }
        guard let refused = client.judge(certificate, with: problems, from: peer, trust: options.tls) else { return true }
        certificateProblems = (refused, peer)
        return false
    }

    /// A response over a connection another request opened (libsoup keeps connections, and
    /// HTTP/2 shares one), whose certificate this request's own trust does not take: the
    /// handshake was judged on the other request's terms.
    func refusesReusedCertificate(_ message: SoupMessageObject) -> Bool {
        guard let (certificate, problems) = message.peerCertificate, !problems.isEmpty else { return false }
        return !accepts(certificate, with: problems)
    }

    /// Where a refused certificate came from, and what was wrong with it.
    func certificateSite() -> FailureSite {
        let peer = certificateProblems?.peer
        var site = FailureSite(.server(authority: peer?.authority ?? authority, host: peer?.host ?? host))
        site.certificate = certificateProblems?.problems
        return site
    }
}
