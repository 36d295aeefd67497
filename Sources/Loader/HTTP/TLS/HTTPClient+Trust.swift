internal import CGLib

extension HTTPClient {
    /// Whether a request trusting as `trust` says takes `certificate`, which failed the
    /// session's verification with `problems`, from `peer`: nil when it does (the request's
    /// own CA file vouches for it, or the request accepts any, which is said once per host),
    /// else what is wrong with it, as the request's own CAs see it.
    func judge(_ certificate: UnsafeMutablePointer<GTlsCertificate>, with problems: CertificateProblems, from peer: URLParts,
               trust: TLSTrust) -> CertificateProblems? {
        var problems = problems
        if let caFile = trust.caFile, case .success(let database) = database(caFile: caFile) {
            // Trusted or not, what the source's own CAs find is what counts; judged once per
            // certificate, not once per response over the connection it came on.
            let port = UInt16(clamping: peer.port ?? 443)
            problems = verdicts.verdict(on: certificate, caFile: caFile, host: peer.host, port: port) {
                database.verify(certificate, host: peer.host, port: port)
            }
            if problems.isEmpty { return nil }
        }
        if trust.insecure {
            acceptedInsecurely(host: peer.authority, problems: problems)
            return nil
        }
        return problems
    }
}
