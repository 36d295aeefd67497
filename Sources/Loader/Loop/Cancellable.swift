internal import CGLib

// One owning class per GObject kind (Cancellable, SoupMessageObject, FileObject,
// InputStreamObject, TLSDatabaseObject). Each adopts the reference it is given (a `_new`
// result or a `(transfer full)` return), is the only owner of the pointer, and drops it
// exactly once in `deinit`.

/// A `GCancellable`; each request has one, released with it.
final class Cancellable {
    let pointer: UnsafeMutablePointer<GCancellable>

    init() { pointer = g_cancellable_new() }
    deinit { g_object_unref(pointer) }

    func cancel() { g_cancellable_cancel(pointer) }

    var isCancelled: Bool { g_cancellable_is_cancelled(pointer) != 0 }
}
