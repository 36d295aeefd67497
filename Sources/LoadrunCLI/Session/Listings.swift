#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plugins
import TerminalText
import Plan

/// `loadrun plugins` and `loadrun sources`: the tables, as text on stdout. Each returns the
/// exit status.
package enum Listings {
    /// The names of the plugins a run may use, built-in and declared.
    package static func pluginNames() -> [String] {
        PluginRegistry.forRun(environment: ProcessEnvironment.variables).registry.names
    }

    /// The plugin table in the order it is consulted: name, what each takes when nobody named
    /// a plugin, and what it renders.
    package static func plugins() -> Int32 {
        let (registry, skipped) = PluginRegistry.forRun(environment: ProcessEnvironment.variables)
        Diagnostics.report(skipped: skipped)
        // A declared plugin's file supplies its media types and summary: outside text.
        let rows = [["NAME", "TAKES", "RENDERS"]] + registry.plugins.map {
            [$0.name, $0.takes, $0.summary].map(UntrustedText.forTerminalLine)
        }
        return write(columns(rows))
    }

    /// The configured sources: name, URL, plugin, interval, detail and related templates (`-`
    /// when unset), and where each was defined.
    package static func sources(configPath: String?) -> Int32 {
        let environment = ProcessEnvironment.variables
        let (registry, skipped) = PluginRegistry.forRun(environment: environment)
        Diagnostics.report(skipped: skipped)
        let catalog = SourceCatalog.load(explicitPath: configPath, environment: environment, plugins: registry.names)
        if let problem = catalog.fileProblem {
            Diagnostics.say("loadrun: \(problem)")
            return ExitStatus.usage
        }
        if let warning = catalog.secretExposure { Diagnostics.say("loadrun: \(warning)") }
        // The listing is how a sources file is checked: the sources that stand are listed,
        // and every broken group is an error, as it would be for a run that loads it.
        for problem in catalog.groupProblems { Diagnostics.say("loadrun: \(problem.error)") }
        let rows = [["NAME", "URL", "PLUGIN", "INTERVAL", "DETAIL", "RELATED", "DEFINED"]] + catalog.definitions.map { definition in
            [definition.name,
             definition.url.map(URLCredentials.masked) ?? "(embedded sample)/\(definition.name)",
             definition.plugin ?? "by Content-Type",
             definition.interval.map { DurationArgument($0).defaultValueDescription } ?? "-",
             definition.detail?.text ?? "-",
             // As the file's list writes them.
             definition.related.isEmpty ? "-" : definition.related.map(\.description).joined(separator: ";"),
             definition.origin.description].map(UntrustedText.forTerminalLine)
        }
        let written = write(columns(rows))
        guard written == ExitStatus.success else { return written }
        return catalog.groupProblems.isEmpty ? ExitStatus.success : ExitStatus.usage
    }

    /// The rows as a table. On a terminal, every column but the last padded to its widest
    /// cell, and each cell cut to `maxCellWidth` (a 100 KB URL would pad every row to 100 KB);
    /// off a terminal, cells whole and separated by a tab, padded never, for `cut -f` and awk.
    static func columns(_ rows: [[String]], onTerminal: Bool = isatty(STDOUT_FILENO) == 1) -> String {
        guard let count = rows.first?.count else { return "" }
        guard onTerminal else { return rows.map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n" }
        let rows = rows.map { $0.map { TerminalText.truncated($0, toWidth: maxCellWidth) } }
        let widths = (0..<count - 1).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            (0..<count - 1).map { row[$0].padding(to: widths[$0]) + "  " }.joined() + row[count - 1]
        }.joined(separator: "\n") + "\n"
    }

    /// The widest a cell is shown on a terminal.
    static let maxCellWidth = 60

    /// Writes the listing; returns 0, or 74 when stdout could not be written (a reader that
    /// left is no error).
    private static func write(_ text: String) -> Int32 {
        do {
            try OutputStream.standardOutput.write(text)
        } catch where !error.isBrokenPipe {
            Diagnostics.say("loadrun: cannot write the output: \(error.reason)")
            return ExitStatus.outputFailed
        } catch {}
        return ExitStatus.success
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
