import TerminalText

/// `loadrun plugins`: the plugin table on stdout, in the order it is consulted: name, what
/// each takes when nobody named a plugin, and what it renders.
package struct PluginListing {
    package init() {}

    /// Says which plugin files were skipped, then writes the table; the outcome is the write's.
    package func run(in context: RunContext) -> RunOutcome {
        context.reportSkippedPlugins()
        // A declared plugin's file supplies its media types and summary: outside text.
        let rows = [["NAME", "TAKES", "RENDERS"]] + context.plugins.plugins.map {
            [$0.name, $0.takes, $0.summary].map(UntrustedText.forTerminalLine)
        }
        return context.writeOutput(ListingTable(rows: rows).text())
    }
}
