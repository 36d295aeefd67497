/// Where responses are kept between runs, as the HTTP client asks for them: the `Store`
/// target's copy store (SQLite), given to the client by whoever makes it. The client's rules
/// for using it are its own (`HTTPClient+Store`).
public protocol StoredCopies: AnyObject {
    /// The copy kept for `key`, if any and whole.
    func copy(for key: CopyKey, url: String) -> StoredCopy?
    /// Keeps `response` for `key`, in place of any copy before.
    func keep(_ response: HTTPResponse, for key: CopyKey, url: String)
    /// The server said the copy for `key` is current (a 304 with `validators`).
    func confirm(_ key: CopyKey, validators: CacheValidators)
}
