internal import CGLib

/// Takes ownership of a `GError` out-parameter and frees it.
struct GLibError: Error {
    let domain: GQuark
    let code: Int32
    let message: String

    /// An error of loadrun's own, in no GLib domain.
    init(message: String) {
        domain = 0
        code = 0
        self.message = message
    }

    /// Copies the error and frees it.
    init(consuming error: UnsafeMutablePointer<GError>) {
        domain = error.pointee.domain
        code = error.pointee.code
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        g_error_free(error)
    }

    /// The error's domain and code, reduced to the kinds a load tells apart.
    var failure: GIOFailure {
        GIOFailure(kind, message: message)
    }

    private static let http2Prefix = "HTTP/2 Error: "

    /// libsoup's words for a head past its limit, in English or as translated for the locale.
    private var isHeaderTooBig: Bool {
        let english: StaticString = "Header too big"
        guard message != english.description else { return true }
        // Static strings: with no translation, g_dgettext hands back the very pointer it was
        // given, which for a String bridged to C is a buffer freed once the call returns.
        let domain: StaticString = "libsoup-3.0"
        let translated = g_dgettext(UnsafeRawPointer(domain.utf8Start).assumingMemoryBound(to: CChar.self),
                                    UnsafeRawPointer(english.utf8Start).assumingMemoryBound(to: CChar.self))
        return translated.map { message == String(cString: $0) } ?? false
    }

    private var kind: GIOFailure.Kind {
        // libsoup's HTTP/2 code says a stream reset or a GOAWAY with an error as "HTTP/2 Error:
        // NAME", NAME being nghttp2's for the error code, in a domain that varies by the path.
        if message.hasPrefix(Self.http2Prefix) { return .http2(String(message.dropFirst(Self.http2Prefix.count))) }
        if domain == lr_resolver_error_quark() {
            return code == Int32(G_RESOLVER_ERROR_TEMPORARY_FAILURE.rawValue) ? .resolverTemporary : .resolverFailed
        }
        if domain == lr_tls_error_quark() { return .tls }
        guard domain == lr_io_error_quark() else { return .other }
        switch GIOErrorEnum(rawValue: UInt32(code)) {
        case G_IO_ERROR_CANCELLED: return .cancelled
        case G_IO_ERROR_CONNECTION_REFUSED: return .connectionRefused
        case G_IO_ERROR_PARTIAL_INPUT: return isHeaderTooBig ? .headersTooLarge : .partialInput
        case G_IO_ERROR_INVALID_DATA: return .invalidData
        case G_IO_ERROR_CONNECTION_CLOSED, G_IO_ERROR_NOT_CONNECTED: return .connectionClosed
        case G_IO_ERROR_TIMED_OUT: return .timedOut
        case G_IO_ERROR_NOT_FOUND: return .notFound
        case G_IO_ERROR_PERMISSION_DENIED: return .permissionDenied
        case G_IO_ERROR_IS_DIRECTORY: return .isDirectory
        default: return .other
        }
    }
}
