import Loader
import Plugins

/// The long options of a command and of its subcommands, read from swift-argument-parser's
/// own description of the command tree (the JSON of `--experimental-dump-help`, which
/// `ParsableCommand._dumpHelp()` returns), so that the names suggested for a mistyped option
/// are the options declared, never a list kept beside them that could drift.
package struct CommandOptions: Equatable {
    package var name: String
    /// Long names without their `--`, hidden ones left out.
    package var options: [String]
    package var subcommands: [CommandOptions]

    package init(name: String, options: [String], subcommands: [CommandOptions] = []) {
        self.name = name
        self.options = options
        self.subcommands = subcommands
    }

    /// The tree in `toolInfo`; nil when it is not that JSON.
    package init?(toolInfo: String) {
        guard let json = try? JSONParser.parse(Array(toolInfo.utf8)), let command = json["command"] else { return nil }
        self.init(command)
    }

    private init?(_ command: JSON) {
        guard case .string(let name)? = command["commandName"] else { return nil }
        self.name = name
        var options: [String] = []
        if case .array(let arguments)? = command["arguments"] {
            for argument in arguments where argument["shouldDisplay"] != .bool(false) {
                guard case .array(let names)? = argument["names"] else { continue }
                for entry in names where entry["kind"] == .string("long") {
                    if case .string(let option)? = entry["name"] { options.append(option) }
                }
            }
        }
        self.options = options
        if case .array(let children)? = command["subcommands"] {
            subcommands = children.compactMap(CommandOptions.init)
        } else {
            subcommands = []
        }
    }

    /// The command `arguments` run (the root, or the subcommand they name) as the words that
    /// call it, and the long options it takes: its own and its parents', which
    /// swift-argument-parser accepts after a subcommand too (`loadrun sources --config F`).
    package func command(for arguments: [String]) -> (path: [String], options: [String]) {
        var command = self
        var path = [name]
        var options = self.options
        for argument in arguments {
            if argument == "--" { break }
            guard let child = command.subcommands.first(where: { $0.name == argument }) else { continue }
            command = child
            path.append(child.name)
            options += child.options
        }
        return (path, options)
    }
}
