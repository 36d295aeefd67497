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

/// A response head said twice with no request between: loadrun logs the head of a response
/// whose body it never reads (a failure's), and libsoup's logger prints one whose body libsoup
/// read itself (a 401 its auth manager took). A second response head that repeats the last,
/// line for line, with no request line between the two, is left out: a response always
/// follows its own request, so no real head is lost.
struct RepeatedResponseHead {
    private var last: [String] = []
    private var current: [String] = []
    /// While a head repeats the last: how many of its lines have matched so far.
    private var matched: Int?

    /// The lines to print for `line`, in order: none while it may be a repeat; the held ones
    /// and it once it is not.
    mutating func take(_ line: HTTPLogLine) -> [HTTPLogLine] {
        guard line.direction == .response else {
            defer { if line.direction == .request { last = []; current = []; matched = nil } }
            return flushHeld() + [line]
        }
        if line.text.hasPrefix("HTTP/") {
            let held = flushHeld()
            if !current.isEmpty { last = current }
            current = [line.text]
            if !last.isEmpty, last.first == line.text {
                matched = 1
                return held
            }
            return held + [line]
        }
        current.append(line.text)
        if let count = matched {
            if count < last.count, last[count] == line.text {
                matched = count + 1
                return []
            }
            matched = nil
            return current.map { HTTPLogLine(.response, $0) }
        }
        return [line]
    }

    /// What a repeat held back, once it turns out to be none.
    private mutating func flushHeld() -> [HTTPLogLine] {
        guard let count = matched else { return [] }
        matched = nil
        // Held back whole and equal to the last: a repeat, left out.
        return count == last.count ? [] : current.map { HTTPLogLine(.response, $0) }
    }
}
