package import Loader
package import Plugins

/// The plugin table a run uses: the declarative plugins the user dropped in, then the built-ins.
///
/// Declared plugins come first because they are more specific: each takes only responses with
/// its media type and a list at its `Items` whose entries have its title field.
package enum PluginTable {
    package static func load(environment: [String: String]) -> (registry: PluginRegistry, problems: [PluginDirectory.Problem]) {
        let builtIn = PluginRegistry.default()
        let (declared, problems) = PluginDirectory.load(environment: environment, reservedNames: builtIn.names)
        return (PluginRegistry(declared.map(AnyContentPlugin.init) + builtIn.plugins), problems)
    }

    /// Says on stderr which plugin files were skipped and why.
    package static func report(_ problems: [PluginDirectory.Problem]) {
        for problem in problems {
            Diagnostics.say("loadrun: \(problem.description) — skipped")
        }
    }
}
