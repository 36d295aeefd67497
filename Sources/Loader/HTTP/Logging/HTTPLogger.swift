internal import CGLib
internal import CSoup

/// The session's `SoupLogger`, at the level of headers (bodies are the views' business).
/// The session holds the feature; this owns the closure the printer calls, and the logger's
/// destroy notify releases it.
enum HTTPLogger {
    static func attach(to session: UnsafeMutablePointer<SoupSession>, _ body: @escaping (HTTPLogLine) -> Void) {
        let logger = soup_logger_new(SOUP_LOGGER_LOG_HEADERS)
        let box = Unmanaged.passRetained(Printer(body)).toOpaque()
        soup_logger_set_printer(logger, { _, _, direction, data, user in
            guard let data, let user else { return }
            let printer = Unmanaged<Printer>.fromOpaque(user).takeUnretainedValue()
            printer.print(direction: UInt8(truncatingIfNeeded: direction), String(cString: data))
        }, box, { user in
            if let user { Unmanaged<Printer>.fromOpaque(user).release() }
        })
        soup_session_add_feature(session, logger)
        // The session keeps its own reference to the feature.
        g_object_unref(UnsafeMutableRawPointer(logger))
    }

    private final class Printer {
        let body: (HTTPLogLine) -> Void
        init(_ body: @escaping (HTTPLogLine) -> Void) { self.body = body }

        func print(direction: UInt8, _ text: String) {
            // libsoup's own bookkeeping (timestamps, object addresses) is no one else's concern.
            if text.hasPrefix("Soup-Debug") { return }
            let kind: HTTPLogLine.Direction = switch direction {
            case UInt8(ascii: ">"): .request
            case UInt8(ascii: "<"): .response
            default: .note
            }
            if kind == .note && text.isEmpty { return }
            // What it prints for a message that failed before any response came.
            if kind == .response && text.hasSuffix(" 0 (null)") { return }
            body(HTTPLogLine(kind, text))
        }
    }
}
