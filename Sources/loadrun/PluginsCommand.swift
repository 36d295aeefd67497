import ArgumentParser
import LoadrunCLI

/// `loadrun plugins`: the plugin table.
struct PluginsCommand: LoadrunCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
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

    func run(in context: RunContext) -> RunOutcome {
        // As it has been: a listing that could not be written says so, and still ends with 0.
        _ = PluginListing().run(in: context)
        return .success
    }
}
