/// How a response that did not come whole from the server stands in for one.
public enum StoredCopyUse: Sendable, Equatable {
    /// The server answered 304 to the copy's validators: the copy is current.
    case revalidated(storedAt: Int)
    /// The server could not be reached, or failed (5xx): the copy is shown, marked, and the
    /// load still fails with `error`.
    case fallback(verifiedAt: Int, error: LoadError)
}
