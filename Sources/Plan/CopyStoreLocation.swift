/// Where the copy store lives: `$XDG_CACHE_HOME/loadrun`, or `~/.cache/loadrun`.
package enum CopyStoreLocation {
    package static func directory(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/loadrun" }
        return environment["HOME"].map { $0 + "/.cache/loadrun" }
    }
}
