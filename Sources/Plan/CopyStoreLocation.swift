/// Where the copy store lives: `$XDG_CACHE_HOME/loadrun`, or `~/.cache/loadrun`.
package enum CopyStoreLocation {
    package static func directory(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/loadrun" }
        return environment["HOME"].map { $0 + "/.cache/loadrun" }
    }

    /// Where the secret its keys are stored under lives: the state directory, beside the
    /// history, not the cache directory that backups and CI caches copy.
    package static func keyDirectory(environment: [String: String]) -> String? {
        HistoryLocation.directory(environment: environment)
    }
}
