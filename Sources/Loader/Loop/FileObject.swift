internal import CGLib

// One owning class per GObject kind (Cancellable, SoupMessageObject, FileObject,
// InputStreamObject, TLSDatabaseObject). Each adopts the reference it is given (a `_new`
// result or a `(transfer full)` return), is the only owner of the pointer, and drops it
// exactly once in `deinit`.

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
