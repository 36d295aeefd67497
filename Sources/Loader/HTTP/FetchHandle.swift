/// A load in flight, from wherever it comes.
public protocol FetchHandle: AnyObject {
    /// Cancels the load; its completion then runs with `.cancelled`.
    func cancel()
    /// Whether it still waits for a connection slot: nothing of it is on the wire yet, so a
    /// change of priority can still change when it starts.
    var isWaitingForSlot: Bool { get }
    /// When the request's steps ended, once it ended; nil where there are none (a file).
    var timings: RequestTimings? { get }
}

extension FetchHandle {
    public var isWaitingForSlot: Bool { false }
    public var timings: RequestTimings? { nil }
}

extension HTTPFetch: FetchHandle {
    public var isWaitingForSlot: Bool { isWaitingToStart }
}
