internal import CGLib

/// What a source's own CA file found of a server's certificate, kept per certificate, CA
/// file and peer, so that each is judged once.
///
/// A connection is judged at its handshake, but a response that comes over a connection
/// another request opened is judged again on its own request's terms (`HTTPFetch`). Over
/// HTTP/2 every request shares one connection, so 1,000 requests with `--cacert` walked the
/// same chain 1,000 times: X.509 parsing, about 180 µs a request, most of their cost.
///
/// Each certificate a verdict is kept for is held (one reference, released when the verdict
/// goes), so that its address cannot come back as another certificate's.
final class CertificateVerdicts {
    private struct Key: Hashable {
        let certificate: UnsafeMutableRawPointer
        let caFile: String
        let host: String
        let port: UInt16
    }

    /// Past this many, the verdicts start again: a run meets few certificates, and a hostile
    /// list of hosts must not hold thousands.
    static let limit = 256

    private var verdicts: [Key: CertificateProblems] = [:]
    /// How many chains were walked: what the cache saves is counted by tests.
    private(set) var judged = 0

    /// The verdict on `certificate` for `host`:`port` by the CAs of `caFile`, worked out by
    /// `judge` the first time only.
    func verdict(on certificate: UnsafeMutablePointer<GTlsCertificate>, caFile: String, host: String, port: UInt16,
                 judge: () -> CertificateProblems) -> CertificateProblems {
        let key = Key(certificate: UnsafeMutableRawPointer(certificate), caFile: caFile, host: host, port: port)
        if let known = verdicts[key] { return known }
        if verdicts.count >= Self.limit { forget() }
        let problems = judge()
        judged += 1
        g_object_ref(certificate)
        verdicts[key] = problems
        return problems
    }

    private func forget() {
        for key in verdicts.keys { g_object_unref(key.certificate) }
        verdicts = [:]
    }

    deinit { forget() }
}
