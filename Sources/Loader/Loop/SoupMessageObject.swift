internal import CGLib

// One owning class per GObject kind (Cancellable, SoupMessageObject, FileObject,
// InputStreamObject, TLSDatabaseObject). Each adopts the reference it is given (a `_new`
// result or a `(transfer full)` return), is the only owner of the pointer, and drops it
// exactly once in `deinit`.

/// A `SoupMessage` (a final GObject type, so it arrives as an opaque pointer).
final class SoupMessageObject {
    let pointer: OpaquePointer

    init(adopting pointer: OpaquePointer) { self.pointer = pointer }
    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
