import ArgumentParser
import LoadrunCLI
import Plan

/// `loadrun history`: the versions of each source kept across runs.
struct HistoryCommand: LoadrunCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the sources the history kept, a source's versions, or show one version or what changed between two.",
        discussion: """
            Every load that brings content records a version in
            $XDG_STATE_HOME/loadrun/history.sqlite (~/.local/state/loadrun),
            unless its content is the last version's, which then only has its
            last-seen time moved. A source is known by its URL. --keep N (keep=
            per source, default 100) bounds the versions of each source, and
            256 MiB of compressed content bounds them all, the oldest dropped
            first. --no-history (history=no per source) records nothing.

              loadrun history               the sources: versions, first and
                                            last seen, size
              loadrun history posts         its versions, newest first
              loadrun history posts --show 3
                                            version 3, as a load shows it
              loadrun history posts --diff  the last two versions compared
              loadrun history posts --diff 2 5

            --output json (the main command's option) gives each as JSON;
            --output ndjson, a compact line per value.
            """
    )

    /// `--output` and `--color` belong to the main command, which parses them before or after `history`.
    @ParentCommand var loadrun: Loadrun

    @Argument(help: ArgumentHelp("A source's name, as loadrun named it, or its URL.", valueName: "source"),
              completion: .custom { words, _, _ in Loadrun.sourceCompletions(words) })
    var source: String?

    @Argument(help: ArgumentHelp("With --diff: the two versions to compare, older first; one alone is compared with the last.", valueName: "version"))
    var versions: [Int] = []

    @Option(name: .long, help: ArgumentHelp("Show this version of the source, by its number, as a load would show it.", valueName: "K"))
    var show: Int?

    @Flag(name: .long, help: "Show what changed between two versions: for lists, the items added (+), changed (~) and removed (-), as a watch marks them; for anything else, the lines.")
    var diff = false

    func run(in context: RunContext) throws -> RunOutcome {
        let request: HistoryListing.Request
        switch (source, show, diff) {
        case (nil, nil, false):
            guard versions.isEmpty else { throw UsageFailure(message: "version numbers go with a source and --diff") }
            request = .sources
        case (nil, _, _):
            throw UsageFailure(message: "--show and --diff are about one source: name it, as in loadrun history posts --diff")
        case (let name?, let number?, false):
            guard versions.isEmpty else { throw UsageFailure(message: "--show takes one version, as --show 3") }
            request = .show(name, version: number)
        case (let name?, nil, true):
            guard versions.count <= 2 else { throw UsageFailure(message: "--diff compares two versions: give at most two numbers") }
            request = .diff(name, from: versions.first, to: versions.count > 1 ? versions[1] : nil)
        case (let name?, nil, false):
            guard versions.isEmpty else { throw UsageFailure(message: "version numbers go with --diff, as in loadrun history \(name) --diff 2 5") }
            request = .versions(of: name)
        case (_?, _?, true):
            throw UsageFailure(message: "give --show K or --diff, not both")
        }
        return HistoryListing(request: request, output: loadrun.output, color: loadrun.color).run(in: context)
    }
}
