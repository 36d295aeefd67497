internal import CGLib
internal import CSoup

// One owning class per GObject kind. Each adopts the reference it is given (a `_new`
// result or a `(transfer full)` return), is the only owner of the pointer, and drops it
// exactly once in `deinit`.

/// A `GCancellable`; each request has one, released with it.
final class Cancellable {
    let pointer: UnsafeMutablePointer<GCancellable>

    init() { pointer = g_cancellable_new() }
    deinit { g_object_unref(pointer) }

    func cancel() { g_cancellable_cancel(pointer) }
}

/// A `SoupMessage` (a final GObject type, so it arrives as an opaque pointer).
final class SoupMessageObject {
    let pointer: OpaquePointer

    init(adopting pointer: OpaquePointer) { self.pointer = pointer }
    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// A `GFile`, a local file named by its URI (a GObject interface, so an opaque pointer).
final class FileObject {
    let pointer: OpaquePointer

    init(uri: String) { pointer = g_file_new_for_uri(uri) }
    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The file's name for people (`/tmp/posts.json`), or nil.
    var parseName: String? { Self.take(g_file_get_parse_name(pointer)) }

    /// Its path on this machine, or nil for a URI that names none.
    var path: String? { Self.take(g_file_get_path(pointer)) }

    /// The last part of its path, or nil.
    var baseName: String? { Self.take(g_file_get_basename(pointer)) }

    /// Copies a newly allocated C string and frees it.
    private static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}

/// A `GInputStream`, here a response body.
final class InputStreamObject {
    let pointer: UnsafeMutablePointer<GInputStream>

    init(adopting pointer: UnsafeMutablePointer<GInputStream>) { self.pointer = pointer }
    deinit { g_object_unref(pointer) }
}

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
