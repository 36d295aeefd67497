import Loader
package import Plan
package import Plugins

/// What every part of one run of loadrun shares, built once by the front end before the
/// command line is parsed and handed to what needs it: the environment, the diagnostics on
/// stderr, the output on stdout, and, on first use, the plugin table and the sources file.
///
/// A fact is kept here once: a second plugin table, built from the same files, could differ
/// from the first (a file changed between the two reads), and a second stderr or stdout would
/// lose the order of their lines and the state of the live line.
package final class RunContext {
    package let environment: [String: String]
    package let diagnostics: Diagnostics
    package let output: ContentOutput
    private var pluginTable: (registry: PluginRegistry, skipped: [PluginDirectory.Problem])?
    private var sourcesFile: (configPath: String?, catalog: SourceCatalog)?

    package init(environment: [String: String], diagnostics: Diagnostics = Diagnostics(), output: ContentOutput = ContentOutput()) {
        self.environment = environment
        self.diagnostics = diagnostics
        self.output = output
    }

    /// The plugin table a run uses, built-in and declared (see `PluginRegistry.forRun`),
    /// built on first use. Nothing is said about the files it skipped until
    /// `reportSkippedPlugins()`: completing a word, or checking `--plugin`, says nothing.
    package var plugins: PluginRegistry { table.registry }

    /// Says on stderr which plugin files were skipped, and why.
    package func reportSkippedPlugins() {
        for problem in table.skipped {
            diagnostics.say("loadrun: \(problem.description) — skipped")
        }
    }

    private var table: (registry: PluginRegistry, skipped: [PluginDirectory.Problem]) {
        if let pluginTable { return pluginTable }
        let built = PluginRegistry.forRun(environment: environment)
        pluginTable = built
        return built
    }

    /// The sources a run can name: the built-ins and the sources file at `configPath` (from
    /// `--config`), or at the default path; read on first use, and again only for another path.
    package func catalog(configPath: String?) -> SourceCatalog {
        if let sourcesFile, sourcesFile.configPath == configPath { return sourcesFile.catalog }
        let catalog = SourceCatalog.load(explicitPath: configPath, environment: environment, plugins: plugins.names)
        sourcesFile = (configPath, catalog)
        return catalog
    }

    /// Says why the run cannot start, `loadrun: <message>` a line each, and is the usage
    /// outcome (64): the one way every usage error ends a run, whether the parser, the
    /// options' checks or the plan found it.
    package func refuse(_ failure: UsageFailure) -> RunOutcome {
        for message in failure.messages { diagnostics.say("loadrun: \(message)") }
        return .usage
    }

    /// Writes `text` on stdout, waiting for a slow reader: what a listing or `--help` prints.
    /// A reader that left is no error; any other failure is said, and is the outcome.
    package func writeOutput(_ text: String) -> RunOutcome {
        output.write(text)
        guard let failure = output.failure, !failure.isBrokenPipe else { return .success }
        diagnostics.say("loadrun: cannot write the output: \(failure.reason)")
        return .outputFailed
    }
}
