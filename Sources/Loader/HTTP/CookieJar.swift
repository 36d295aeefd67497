internal import CGLib
internal import CSoup

/// The run's cookies: libsoup's own jar (`SoupCookieJar`), a feature of the client's session,
/// which keeps what servers set and sends it back by the cookie rules (domain, path, `Secure`,
/// expiry, `SameSite` as libsoup applies it) across redirects, pages, details and reloads.
/// Confined to the loop, as the session is. Cookies given for a source (`-b NAME=VALUE`) are
/// no part of it: they are the source's own, sent as its headers are (see
/// `SoupMessageObject.request`), under the one origin policy.
final class CookieJar {
    let pointer: UnsafeMutablePointer<SoupCookieJar>

    /// A jar holding `cookies` (read from a cookie file), added to `session`.
    init(session: UnsafeMutablePointer<SoupSession>, cookies: [CookieRecord]) {
        pointer = soup_cookie_jar_new()
        for record in cookies { add(record) }
        soup_session_add_feature(session, OpaquePointer(pointer))
    }

    deinit { g_object_unref(pointer) }

    /// Puts `record` in the jar as the file had it.
    private func add(_ record: CookieRecord) {
        let maxAge: Int32 = record.expires.map { expires in
            let now = Int64(g_get_real_time() / 1_000_000)
            return Int32(clamping: max(0, expires - now))
        } ?? -1
        guard let cookie = soup_cookie_new(record.name, record.value, record.domain, record.path, maxAge) else { return }
        soup_cookie_set_secure(cookie, record.isSecure ? 1 : 0)
        soup_cookie_set_http_only(cookie, record.isHTTPOnly ? 1 : 0)
        // The jar takes the cookie; with no URI it is taken as a file's, from a secure origin.
        soup_cookie_jar_add_cookie_full(pointer, cookie, nil, nil)
    }

    /// Every cookie the jar holds now, as a cookie file writes them, in a stable order.
    var records: [CookieRecord] {
        var records: [CookieRecord] = []
        var list = soup_cookie_jar_all_cookies(pointer)
        let first = list
        while let node = list {
            let cookie = OpaquePointer(node.pointee.data)
            func text(_ value: UnsafePointer<CChar>?) -> String { value.map { String(cString: $0) } ?? "" }
            let expires = soup_cookie_get_expires(cookie).map { Int64(g_date_time_to_unix($0)) }
            records.append(CookieRecord(domain: text(soup_cookie_get_domain(cookie)), path: text(soup_cookie_get_path(cookie)),
                                        isSecure: soup_cookie_get_secure(cookie) != 0, isHTTPOnly: soup_cookie_get_http_only(cookie) != 0,
                                        expires: expires, name: text(soup_cookie_get_name(cookie)), value: text(soup_cookie_get_value(cookie))))
            list = node.pointee.next
        }
        g_slist_free_full(first) { soup_cookie_free(OpaquePointer($0)) }
        return records.sorted { ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name) }
    }
}
