import ArgumentParser
import LoadrunCLI
import Plan

/// `loadrun sources`: the configured sources, and where each was defined.
struct SourcesCommand: LoadrunCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List the configured sources: name, URL, plugin, interval, detail and related links, and where each was defined.",
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
              detail=/api/posts/{id}
              related=comments:/api/posts/{id}/comments;author:/api/users/{userId}

            Keys: \(SourcesFile.keys.joined(separator: ", ")).
            A [defaults] group sets what every source shares, those of --url too, with the same
            keys but url, plugin, detail and related, and max-items. The command line wins over
            a source's group, which wins over [defaults], which wins over loadrun's defaults.
            A header value may be env:VARIABLE or file:PATH, read when the source loads, so
            that secrets stay out of the file and off the command line.
            detail is the URL an item of the list opens in the full-screen view (--browse):
            each {name} is filled with the item's field of that name, percent-encoded, and
            the result is resolved against the source's URL. related names more links of the
            item, NAME:TEMPLATE each. Without detail, an item opens its url, link or href.
            """
    )

    /// `--config` belongs to the main command, which parses it before or after `sources`.
    @ParentCommand var loadrun: Loadrun

    func run(in context: RunContext) -> RunOutcome {
        SourceListing(configPath: loadrun.config).run(in: context)
    }
}
