internal import Loader
package import Plugins

extension PluginRegistry {
    /// The plugin table a run uses: the plugins the user declared in files, then the
    /// built-ins; and the files that were skipped, with why. `RunContext` builds it once a run.
    ///
    /// Declared plugins come before the other built-ins because they are more specific: each
    /// takes only responses with its media type and a list at its `Items` whose entries have
    /// its title field. The empty state stays first, where the loader consults it, so that the
    /// listing shows the order in which responses meet the plugins.
    package static func forRun(environment: [String: String]) -> (registry: PluginRegistry, skipped: [PluginDirectory.Problem]) {
        let builtIn = PluginRegistry.default()
        let (declared, problems) = PluginDirectory.load(environment: environment, reservedNames: builtIn.names)
        let empty = builtIn.plugins.filter { $0.name == NoContentPlugin.pluginName }
        let others = builtIn.plugins.filter { $0.name != NoContentPlugin.pluginName }
        return (PluginRegistry(empty + declared.map { Plugin($0) } + others), problems)
    }
}
