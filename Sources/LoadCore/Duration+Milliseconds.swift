extension Duration {
    /// The duration in whole milliseconds, rounded down: what GLib timers, messages and logs use.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
