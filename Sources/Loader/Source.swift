/// Something loadrun can load: a name for messages, where it lives, and how to decode it.
public struct Source {
    /// The name messages use, as in `posts: cancelled`.
    public var name: String
    public var url: String
    public var plugin: AnyContentPlugin

    public init(name: String, url: String, plugin: AnyContentPlugin) {
        self.name = name
        self.url = url
        self.plugin = plugin
    }
}

/// One change of a source's state, as observers receive it.
public struct StateChange {
    public var source: String
    public var from: LoadingState<AnyContent>
    public var to: LoadingState<AnyContent>
    public var cause: LoadMachine<AnyContent>.Cause
}
