/// A load in flight, from wherever it comes.
public protocol FetchHandle: AnyObject {
    /// Cancels the load; its completion then runs with `.cancelled`.
    func cancel()
}

extension HTTPFetch: FetchHandle {}
