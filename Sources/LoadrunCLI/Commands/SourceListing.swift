import Loader
import Plan
import TerminalText

/// `loadrun sources`: the configured sources on stdout: name, URL, plugin, interval, detail
/// and related templates, the user it logs in as (`-` when unset), and where each was defined.
package struct SourceListing {
    /// `--config`: the sources file to list instead of the default one.
    package var configPath: String?

    package init(configPath: String?) { self.configPath = configPath }

    /// The listing is how a sources file is checked: the sources that stand are listed, and
    /// every broken group is an error (64), as it would be for a run that loads it.
    package func run(in context: RunContext) -> RunOutcome {
        let diagnostics = context.diagnostics
        context.reportSkippedPlugins()
        let catalog = context.catalog(configPath: configPath)
        if let problem = catalog.fileProblem {
            diagnostics.say("loadrun: \(problem)")
            return .usage
        }
        if let warning = catalog.secretExposure { diagnostics.say("loadrun: \(warning)") }
        for problem in catalog.groupProblems { diagnostics.say("loadrun: \(problem.error)") }
        let header = ["NAME", "URL", "PLUGIN", "INTERVAL", "DETAIL", "RELATED", "USER", "DEFINED"]
        let written: RunOutcome
        if let width = Terminal.stdoutColumns {
            let rows = catalog.shown.map { Self.cells(of: $0, defaults: catalog.defaults).map(UntrustedText.forTerminalLine) }
            written = context.writeOutput(ListingTable(rows: [header] + rows).text(terminalWidth: width))
        } else {
            // Off a terminal no column is padded: each row is written as it is made, as bytes,
            // and each source of the file is read for its row alone.
            var table: [UInt8] = []
            // More than most rows take, so that the table is not grown by doubling and copied:
            // what is never written to is never resident.
            table.reserveCapacity((catalog.shown.count + 1) * 160)
            ListingTable.tabSeparatedRow(header, into: &table)
            for definition in catalog.shown {
                ListingTable.tabSeparatedRow(Self.cells(of: definition, defaults: catalog.defaults), into: &table)
            }
            written = context.writeOutput(bytes: table)
        }
        guard written == .success else { return written }
        return catalog.groupProblems.isEmpty ? .success : .usage
    }

    /// A source's row, its cells not yet made safe for a terminal: as a run loads it, what
    /// [defaults] gives (an interval) under its own group.
    private static func cells(of given: SourceDefinition, defaults: SourceDefaults?) -> [String] {
        let definition = defaults?.applied(to: given) ?? given
        return [definition.name,
                definition.url.map(URLCredentials.masked) ?? "(embedded sample)/\(definition.name)",
                definition.plugin ?? "by Content-Type",
                definition.interval.map { DurationArgument($0).defaultValueDescription } ?? "-",
                definition.detail?.text ?? "-",
                // As the file's list writes them.
                definition.related.isEmpty ? "-" : definition.related.map(\.description).joined(separator: ";"),
                user(definition.credentials),
                definition.origin.description]
    }

    /// `user=` and `netrc=` as the listing shows them: the user, a password as `***`, the
    /// netrc that gives one (`alice:***`, `alice (netrc ~/.netrc)`, `netrc ~/.netrc`).
    static func user(_ credentials: CredentialSettings) -> String {
        let netrc = credentials.netrc.flatMap { $0 == .none ? nil : "netrc \($0)" }
        switch (credentials.user, netrc) {
        case (let user?, let netrc?) where user.password == nil: return "\(user) (\(netrc))"
        case (let user?, _): return user.description
        case (nil, let netrc?): return netrc
        case (nil, nil): return "-"
        }
    }
}

extension RunContext {
    /// `writeOutput` for UTF-8 bytes: a listing made as bytes is not copied into a string and
    /// back.
    fileprivate func writeOutput(bytes: [UInt8]) -> RunOutcome {
        output.write(bytes: bytes)
        // What `writeOutput(_:)` says of a failure, and its outcome: it writes nothing more.
        return writeOutput("")
    }
}
