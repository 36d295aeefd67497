internal import CGLib

// One owning class per GObject kind (Cancellable, SoupMessageObject, FileObject,
// InputStreamObject, TLSDatabaseObject). Each adopts the reference it is given (a `_new`
// result or a `(transfer full)` return), is the only owner of the pointer, and drops it
// exactly once in `deinit`.

/// A `GTlsDatabase` read from a PEM file of CA certificates.
final class TLSDatabaseObject {
    let pointer: UnsafeMutablePointer<GTlsDatabase>

    /// Reads `path`; throws GLib's reason when it cannot.
    init(caFile path: String) throws(GLibError) {
        var error: UnsafeMutablePointer<GError>?
        // GLib wants an absolute path here (and warns on stderr otherwise).
        let absolute = path.hasPrefix("/") ? path : {
            let directory = g_get_current_dir()
            defer { g_free(directory) }
            return String(cString: directory!) + "/" + path
        }()
        guard let database = g_tls_file_database_new(absolute, &error) else {
            throw error.map(GLibError.init(consuming:)) ?? GLibError(message: "cannot read \(path)")
        }
        pointer = UnsafeMutableRawPointer(database).assumingMemoryBound(to: GTlsDatabase.self)
    }

    deinit { g_object_unref(pointer) }

    /// The problems this database finds with `certificate`'s chain for a server at `host`
    /// and `port`: empty when it vouches for it.
    func verify(_ certificate: UnsafeMutablePointer<GTlsCertificate>, host: String, port: UInt16) -> CertificateProblems {
        // A GNetworkAddress is a GSocketConnectable, an interface: both opaque here.
        guard let identity = g_network_address_new(host, port) else { return .other }
        defer { g_object_unref(UnsafeMutableRawPointer(identity)) }
        var error: UnsafeMutablePointer<GError>?
        let flags = g_tls_database_verify_chain(pointer, certificate, G_TLS_DATABASE_PURPOSE_AUTHENTICATE_SERVER,
                                                identity, nil, G_TLS_DATABASE_VERIFY_NONE, nil, &error)
        if let error {
            _ = GLibError(consuming: error)
            return .other
        }
        return CertificateProblems(rawValue: flags.rawValue)
    }
}
