import ArgumentParser
import Loader
import Plugins

/// `loadrun plugins`: the plugin table.
struct Plugins: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the plugins: name, media types, and what each renders.",
        discussion: "Without --source or --plugin, a response goes to the first plugin in this order that takes it."
    )

    func run() throws {
        let plugins = PluginRegistry.default().plugins
        let rows = [("NAME", "MEDIA TYPES", "RENDERS")] + plugins.map { ($0.name, $0.mediaTypes.joined(separator: ", "), $0.summary) }
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
