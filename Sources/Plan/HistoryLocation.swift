/// Where the history lives: `$XDG_STATE_HOME/loadrun`, or `~/.local/state/loadrun`. State,
/// not cache: apart from the copy store, which `--no-cache` and a cleaned cache may drop.
package enum HistoryLocation {
    /// Versions kept per source, unless `--keep` or the sources file's `keep=` says otherwise.
    package static let defaultKeep = 100

    package static func directory(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/loadrun" }
        return environment["HOME"].map { $0 + "/.local/state/loadrun" }
    }
}
