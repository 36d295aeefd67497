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
