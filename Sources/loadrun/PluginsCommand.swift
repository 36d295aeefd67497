import ArgumentParser
import Loader
import Plugins

/// `loadrun plugins`: the plugin table.
struct Plugins: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the plugins: name, media types, and what each renders.",
        discussion: """
            Without --source or --plugin, a response goes to the first plugin in this order that takes it.
            Add a plugin without Swift: a GLib key file at $XDG_DATA_HOME/loadrun/plugins/NAME.plugin
            (by default ~/.local/share/loadrun/plugins), for example:

              [Plugin]
              MediaTypes=application/json
              Items=/todos
              Title=title
              Body=completed
              Template={id}. {title} (done: {completed})
            """
    )

    func run() throws {
        let (registry, problems) = PluginTable.load(environment: ProcessEnvironment.variables)
        PluginTable.report(problems)
        let plugins = registry.plugins
        // A declared plugin's file supplies its media types and summary: outside text.
        let rows = [("NAME", "MEDIA TYPES", "RENDERS")] + plugins.map {
            (UntrustedText.forTerminalLine($0.name), UntrustedText.forTerminalLine($0.mediaTypes.joined(separator: ", ")),
             UntrustedText.forTerminalLine($0.summary))
        }
        let nameWidth = rows.map(\.0.count).max() ?? 0
        let typeWidth = rows.map(\.1.count).max() ?? 0
        let text = rows.map { name, types, summary in
            name.padding(to: nameWidth) + "  " + types.padding(to: typeWidth) + "  " + summary
        }.joined(separator: "\n") + "\n"
        do {
            try OutputStream.standardOutput.write(text)
        } catch {
            // The reader has gone; nothing more to say.
        }
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
