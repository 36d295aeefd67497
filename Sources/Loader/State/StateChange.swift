/// One change of a source's state, as observers receive it.
public struct StateChange {
    public var source: String
    public var from: LoadingState<AnyContent>
    public var to: LoadingState<AnyContent>
    public var cause: LoadMachine<AnyContent>.Cause
    /// The attempt this change belongs to, from 1; 0 before the first.
    public var attempt: Int
    /// The HTTP status of the attempt's response, once one came.
    public var httpStatus: Int?
    /// Body bytes received in the attempt so far.
    public var bytes: Int
    /// Time since the attempt began, on the monotonic clock.
    public var duration: Duration
    /// Whether the loader asks for the next page at once, after this change: the content is
    /// not yet what the load wants to show.
    public var continuesChain: Bool = false
}
