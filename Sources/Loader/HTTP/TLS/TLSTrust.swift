internal import CGLib

/// Which server certificates a request accepts beyond those the system trusts: the CAs of a
/// PEM file, or any at all (with a warning the front end gives).
public struct TLSTrust: Sendable, Equatable {
    /// A PEM file of CA certificates whose chains are trusted too.
    public var caFile: String?
    /// Whether a certificate that fails verification is accepted anyway (with a warning).
    public var insecure: Bool

    public init(caFile: String? = nil, insecure: Bool = false) {
        self.caFile = caFile
        self.insecure = insecure
    }

    /// Why the file at `path` cannot serve as a CA file (missing, unreadable, empty, no PEM
    /// certificate in it), in the system's words where it has them; nil when it can.
    ///
    /// A look, not a parse: parsing loads the TLS library, which would cost every run about
    /// 30 ms whether it speaks TLS or not. A file broken past its first certificate fails the
    /// first request that needs it, with GLib's reason.
    public static func problem(withCAFile path: String) -> String? {
        switch LocalFile.contains("-----BEGIN CERTIFICATE-----", in: path) {
        case .failure(let error): "cannot be read: \(error)"
        case .success(true): nil
        case .success(false): "holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
        }
    }
}
