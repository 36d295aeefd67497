#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plan
import Plugins
import TerminalText

/// `loadrun sources --import FILE.opml` and `--export`: the sources file and a feed reader's
/// list of feeds (OPML), each way.
package struct SourcesOPML {
    /// `--config`: the sources file to use instead of the default one.
    package var configPath: String?

    package init(configPath: String?) { self.configPath = configPath }

    /// Adds a `[source NAME]` group (with `plugin=feed`) to the sources file for each feed of
    /// the OPML file at `opmlPath` that no source loads yet, and says what it added.
    package func importFeeds(from opmlPath: String, in context: RunContext) -> RunOutcome {
        let diagnostics = context.diagnostics
        guard let path = configPath ?? SourceCatalog.defaultPath(environment: context.environment) else {
            diagnostics.say("loadrun: there is no sources file to add to: set HOME or XDG_CONFIG_HOME, or give --config FILE")
            return .usage
        }
        // One import at a time: a second waits, then reads what the first wrote, and adds no
        // group twice.
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !directory.isEmpty { LocalFile.makeDirectories(directory, mode: 0o700) }
        let lock = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if lock >= 0 { while flock(lock, LOCK_EX) != 0 && errno == EINTR {} }
        defer { if lock >= 0 { close(lock) } }
        let catalog = context.catalog(configPath: configPath)
        // A file that is not there yet is made; one that is there must read as a sources file.
        if let problem = catalog.fileProblem, LocalFile.existsAsFile(path) {
            diagnostics.say("loadrun: \(problem)")
            return .usage
        }
        let outlines: (outlines: [OPML.Outline], unreadable: Int)
        switch LocalFile.read(opmlPath, limit: SourceCatalog.sizeLimit) {
        case .failure(let error):
            diagnostics.say("loadrun: --import: cannot read \(opmlPath): \(error)")
            return .usage
        case .success(let bytes):
            do {
                outlines = try OPML.outlines(in: bytes, url: URLParts.fileURL(forPath: opmlPath) ?? "")
            } catch {
                diagnostics.say("loadrun: --import: \(opmlPath) \(error.reason)\(error.suggestion.map { "; \($0)" } ?? "")")
                return .usage
            }
        }
        // A broken group still holds its name: a new source must not take it.
        let existing = catalog.definitions.map { ($0.name, $0.url) } + catalog.groupProblems.compactMap { $0.source.map { ($0, nil) } }
        // Only what the sources file takes as a url= goes in: one ftp:// feed would otherwise
        // make every later run of the file a usage error.
        let files = URLInput.Files.current(environment: context.environment)
        var refused: [String] = []
        let loadable = outlines.outlines.compactMap { outline -> OPML.Outline? in
            var outline = outline
            switch URLInput.normalized(outline.feedURL, files: files) {
            case .success(let url) where url != "-":
                outline.feedURL = url
                return outline
            case .success:
                refused.append("- is standard input")
            case .failure(let problem):
                refused.append("\(URLCredentials.masked(problem.text)) \(problem.reason)")
            }
            return nil
        }
        let plan = SourcesImport(feeds: loadable, existing: existing)
        if !plan.added.isEmpty, let problem = Self.rewrite(path, adding: plan.text) {
            diagnostics.say("loadrun: cannot add to \(path): \(problem)")
            return .allFailed
        }
        let names = plan.added.map(\.name)
        var there = plan.alreadyThere > 0 ? "; \(plan.alreadyThere) already there" : ""
        if outlines.unreadable > 0 {
            there += "; \(outlines.unreadable) left out, whose xmlUrl is no URL"
        }
        if !refused.isEmpty {
            there += "; \(refused.count) left out that loadrun cannot load: \(UntrustedText.forTerminalLine(refused[0]))\(refused.count > 1 ? ", and more" : "")"
        }
        diagnostics.say(names.isEmpty ? "loadrun: no new feeds in \(opmlPath)\(there)"
                                      : "loadrun: added \(names.count) \(names.count == 1 ? "source" : "sources") to \(path): \(names.joined(separator: ", "))\(there)")
        return .success
    }

    /// Writes the sources that are feeds (`plugin=feed`) as OPML on stdout.
    package func exportFeeds(in context: RunContext) -> RunOutcome {
        let catalog = context.catalog(configPath: configPath)
        if let problem = catalog.fileProblem {
            context.diagnostics.say("loadrun: \(problem)")
            return .usage
        }
        let feeds = catalog.definitions.filter { $0.plugin == FeedPlugin().name }.compactMap { definition in
            definition.url.map { (title: definition.name, url: URLCredentials.masked($0)) }
        }
        // A password is never written out; an OPML that lacks it does not load those feeds.
        let masked = feeds.filter { $0.url.contains(":***@") }.map(\.title)
        if !masked.isEmpty {
            context.diagnostics.say("loadrun: warning: the password in the URL of \(masked.count == 1 ? masked[0] : "\(masked.count) feeds") is written as ***; "
                + "a reader given this OPML must be told it")
        }
        // The built-ins are never feeds: only the file's other sources are worth a word.
        let others = catalog.definitions.filter { $0.origin != .builtIn && $0.plugin != FeedPlugin().name }.count
        if others > 0 {
            context.diagnostics.say("loadrun: \(others) \(others == 1 ? "source is" : "sources are") not a feed (plugin=feed), and left out")
        }
        return context.writeOutput(OPML.document(title: "loadrun sources", feeds: feeds))
    }

    /// Writes the file at `path` anew with `text` after what it holds, made (0600) when it is
    /// not there: a new file beside it, renamed into place, so that a full disk or a crash
    /// leaves the old file whole, never one cut mid-line. A symbolic link is written through
    /// (the file it names is replaced). The reason when it cannot.
    private static func rewrite(_ path: String, adding text: String) -> String? {
        var old: [UInt8] = []
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
            switch LocalFile.read(path, limit: SourceCatalog.sizeLimit) {
            case .success(let bytes): old = bytes
            case .failure(let error): return "\(error)"
            }
        }
        return LocalFile.replace(path, with: old + Array(text.utf8))
    }
}
