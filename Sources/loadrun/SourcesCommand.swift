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

            Feeds come and go as OPML, the list feed readers keep: --import FILE.opml adds
            the feeds no source loads yet, and --export writes the sources that are feeds.
            """
    )

    /// `--config` belongs to the main command, which parses it before or after `sources`.
    @ParentCommand var loadrun: Loadrun

    @Option(name: .customLong("import"), help: ArgumentHelp("Add each feed of this OPML file (a feed reader's export) that no source loads yet to the sources file, as a [source NAME] group with plugin=feed, named after its title (folders go before it: news.bbc). Run again, it adds only the new ones.", valueName: "file.opml"),
            completion: .file(extensions: ["opml", "xml"]))
    var importPath: String?

    @Flag(name: .long, help: "Write the sources that are feeds (plugin=feed) as OPML on stdout, for a feed reader to import.")
    var export = false

    func validate() throws {
        if importPath != nil && export { throw ValidationError("--import and --export go one way each: give one of them") }
    }

    func run(in context: RunContext) -> RunOutcome {
        if let importPath { return SourcesOPML(configPath: loadrun.config).importFeeds(from: importPath, in: context) }
        if export { return SourcesOPML(configPath: loadrun.config).exportFeeds(in: context) }
        return SourceListing(configPath: loadrun.config).run(in: context)
    }
}
