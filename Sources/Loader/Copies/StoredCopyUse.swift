/// How a response that did not come whole from the server stands in for one.
///
/// A struct, not an enum with a case of each: copying a two-payload enum whose small case
/// left the large one's bytes unset read them (valgrind saw the outlined copy branch on them).
public struct StoredCopyUse: Sendable, Equatable {
    /// When the copy was stored (revalidated), or last confirmed by the server (a fallback),
    /// in seconds since the epoch.
    public let moment: Int
    /// What the load fails with beside the copy; nil when the copy is current.
    public let error: LoadError?

    /// The server answered 304 to the copy's validators: the copy is current.
    public static func revalidated(storedAt: Int) -> StoredCopyUse { StoredCopyUse(moment: storedAt, error: nil) }

    /// The server could not be reached, or failed (5xx): the copy is shown, marked, and the
    /// load still fails with `error`.
    public static func fallback(verifiedAt: Int, error: LoadError) -> StoredCopyUse { StoredCopyUse(moment: verifiedAt, error: error) }
}
