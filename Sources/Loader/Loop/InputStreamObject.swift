internal import CGLib

// One owning class per GObject kind (Cancellable, SoupMessageObject, FileObject,
// InputStreamObject, TLSDatabaseObject). Each adopts the reference it is given (a `_new`
// result or a `(transfer full)` return), is the only owner of the pointer, and drops it
// exactly once in `deinit`.

/// A `GInputStream`, here a response body.
final class InputStreamObject {
    let pointer: UnsafeMutablePointer<GInputStream>

    init(adopting pointer: UnsafeMutablePointer<GInputStream>) { self.pointer = pointer }
    deinit { g_object_unref(pointer) }
}
