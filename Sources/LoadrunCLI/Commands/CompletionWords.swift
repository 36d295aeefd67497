#if canImport(Glibc)
import Glibc
#endif
import Loader
import Store
import Plan

/// What the shell offers after `--source` and `--plugin`: the names `loadrun sources` and
/// `loadrun plugins` list.
///
/// swift-argument-parser's completion scripts ask the binary for them at each Tab
/// (`loadrun ---completion -- --source …`), so these run before any loop starts, say nothing on
/// stderr (it is the user's terminal, mid-line) and never fail: a sources file that does not
/// load gives the built-in sources. The names need no quoting: the sources file and the plugin
/// directory take letters, digits, `-`, `_` (and `.` in source names) only.
package enum CompletionWords {
    /// The configured source names. `commandLine` is the shell's words for the line being
    /// completed: its `--config FILE`, if any, names the sources file, as it will for the run.
    package static func sources(commandLine: [String], in context: RunContext) -> [String] {
        // A broken file still lists the sources that stand in it, and the built-ins always.
        context.catalog(configPath: configPath(in: commandLine, home: context.environment["HOME"])).names
    }

    /// The names `loadrun history` knows, then the configured ones it does not: a history
    /// not made yet is not made by a Tab, and a damaged one is said nothing of.
    package static func historySources(commandLine: [String], in context: RunContext) -> [String] {
        var names: [String] = []
        if let directory = HistoryLocation.directory(environment: context.environment),
           access(directory + "/" + HistoryStore.fileName, R_OK) == 0 {
            names = (HistoryStore(directory: directory) { _ in }.sources() ?? []).map(\.name)
        }
        let recorded = Set(names)
        return Array(recorded).sorted() + sources(commandLine: commandLine, in: context).filter { !recorded.contains($0) }
    }

    /// The plugin names, built-in and declared.
    package static func plugins(in context: RunContext) -> [String] {
        context.plugins.names
    }

    /// The last `--config FILE` or `--config=FILE` in `words`. The shell passes its words as
    /// typed, so one pair of enclosing quotes is taken off and a leading `~/` expanded.
    package static func configPath(in words: [String], home: String?) -> String? {
        var path: String?
        for (index, word) in words.enumerated() {
            if word == "--config", index + 1 < words.count {
                path = words[index + 1]
            } else if word.hasPrefix("--config=") {
                path = String(word.dropFirst("--config=".count))
            }
        }
        guard var path, !path.isEmpty else { return nil }
        if path.count >= 2, let quote = path.first, quote == "'" || quote == "\"", path.last == quote {
            path = String(path.dropFirst().dropLast())
        }
        if path.hasPrefix("~/"), let home { path = home + path.dropFirst() }
        return path
    }
}
