import ArgumentParser
import Loader
import Plugins

/// `loadrun sources`: the configured sources, and where each was defined.
struct Sources: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the configured sources: name, URL, plugin, interval, and where each was defined.",
        discussion: """
            The built-in sources are always there. More come from a GLib key file at
            $XDG_CONFIG_HOME/loadrun/sources.conf (by default ~/.config/loadrun/sources.conf),
            or the file --config names. A group with a built-in's name changes that built-in.

              [source status]
              url=https://status.example.com/api/posts
              plugin=posts
              interval=30s
              headers=Authorization=env:STATUS_TOKEN;Accept-Language=en
              retry=5

            Keys: \(SourcesFile.keys.joined(separator: ", ")).
            A header value may be env:VARIABLE or file:PATH, read when the source loads, so
            that secrets stay out of the file and off the command line.
            """
    )

    /// `--config` belongs to the main command, which parses it before or after `sources`.
    @ParentCommand var loadrun: Loadrun

    func run() throws {
        let environment = ProcessEnvironment.variables
        let (registry, problems) = PluginTable.load(environment: environment)
        PluginTable.report(problems)
        let catalog: SourceCatalog
        do {
            catalog = try SourceCatalog.load(explicitPath: loadrun.config, environment: environment, plugins: registry.names)
        } catch {
            throw Loadrun.usageFailure(error.description)
        }
        if let warning = catalog.secretExposure { Diagnostics.say("loadrun: \(warning)") }
        let rows = [["NAME", "URL", "PLUGIN", "INTERVAL", "DEFINED"]] + catalog.definitions.map { definition in
            [definition.name,
             definition.url ?? "(embedded sample)/\(definition.name)",
             definition.plugin ?? "by Content-Type",
             definition.interval.map { DurationArgument($0).defaultValueDescription } ?? "-",
             definition.origin.description].map { UntrustedText.forTerminalLine($0) }
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let text = rows.map { row in
            (0..<4).map { row[$0].padding(to: widths[$0]) }.joined(separator: "  ") + "  " + row[4]
        }.joined(separator: "\n") + "\n"
        do {
            try OutputStream.standardOutput.write(text)
        } catch {
            // The reader has gone; nothing more to say.
        }
    }
}
