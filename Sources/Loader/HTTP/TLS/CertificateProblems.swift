/// What was wrong with a server's certificate (GLib's `GTlsCertificateFlags`), in words.
public struct CertificateProblems: OptionSet, Sendable, Equatable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    // GTlsCertificateFlags' values (gioenums.h), written out: the enumerators' import has
    // been seen to fail in an incremental build, and the values are GLib's stable ABI.
    public static let unknownIssuer = CertificateProblems(rawValue: 1 << 0)   // G_TLS_CERTIFICATE_UNKNOWN_CA
    public static let wrongHost = CertificateProblems(rawValue: 1 << 1)       // G_TLS_CERTIFICATE_BAD_IDENTITY
    public static let notYetValid = CertificateProblems(rawValue: 1 << 2)     // G_TLS_CERTIFICATE_NOT_ACTIVATED
    public static let expired = CertificateProblems(rawValue: 1 << 3)         // G_TLS_CERTIFICATE_EXPIRED
    public static let revoked = CertificateProblems(rawValue: 1 << 4)         // G_TLS_CERTIFICATE_REVOKED
    public static let insecure = CertificateProblems(rawValue: 1 << 5)        // G_TLS_CERTIFICATE_INSECURE
    public static let other = CertificateProblems(rawValue: 1 << 6)           // G_TLS_CERTIFICATE_GENERIC_ERROR

    /// What to look at, for the faults that trusting the issuer does not cure; nil for an
    /// unknown issuer alone, whose cure is trust.
    public var advice: String? {
        if contains(.wrongHost) { return "check the URL's host" }
        if contains(.expired) || contains(.notYetValid) {
            return "the server's certificate needs renewing, or this machine's clock is wrong"
        }
        if contains(.revoked) || contains(.insecure) { return "the server's certificate must be replaced" }
        return nil
    }

    /// `expired and issued by an unknown authority`.
    public var words: String {
        let named: [(CertificateProblems, String)] = [
            (.expired, "expired"), (.notYetValid, "not valid yet"), (.wrongHost, "for another host"),
            (.unknownIssuer, "issued by an unknown authority"), (.revoked, "revoked"),
            (.insecure, "signed with an insecure algorithm"), (.other, "not usable"),
        ]
        let parts = named.filter { contains($0.0) }.map(\.1)
        guard !parts.isEmpty else { return "not trusted" }
        return parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}
