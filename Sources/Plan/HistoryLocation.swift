/// Where the history lives: `$XDG_STATE_HOME/loadrun`, or `~/.local/state/loadrun`. State,
/// not cache: apart from the copy store, which `--no-cache` and a cleaned cache may drop.
package enum HistoryLocation {
    package static func directory(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/loadrun" }
        return environment["HOME"].map { $0 + "/.local/state/loadrun" }
    }
}
