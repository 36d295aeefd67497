import Loader
import Store
package import Plan
package import Plugins
import TerminalText

/// `loadrun history`: what the history kept, on stdout, as text or JSON.
///
/// - no source: each source with its number of versions, first and last seen, and size;
/// - a source (by name or URL): its versions, newest first, each with time, status, size and
///   what changed from the version before (`+3 −1 ~2 items`);
/// - `--show K`: version K as a load would show it (`HistoryListing+Versions`);
/// - `--diff [A [B]]`: what changed between two versions, the last two by default.
package struct HistoryListing {
    package enum Request: Equatable {
        case sources
        case versions(of: String)
        case show(String, version: Int)
        case diff(String, from: Int?, to: Int?)
    }

    package var request: Request
    package var output: OutputFormat
    package var color: ColorChoice

    package init(request: Request, output: OutputFormat, color: ColorChoice) {
        self.request = request
        self.output = output
        self.color = color
    }

    package func run(in context: RunContext) -> RunOutcome {
        guard let directory = HistoryLocation.directory(environment: context.environment) else {
            return context.refuse(UsageFailure(message: "the history lives in $XDG_STATE_HOME/loadrun or ~/.local/state/loadrun, and neither is set"))
        }
        let diagnostics = context.diagnostics
        let store = HistoryStore(directory: directory) { problem in diagnostics.say("loadrun: \(problem.descriptionForReading)") }
        guard let sources = store.sources() else { return .allFailed }
        switch request {
        case .sources:
            return context.writeOutput(listing(sources))
        case .versions(let name), .show(let name, _), .diff(let name, _, _):
            guard let source = pick(name, among: sources, diagnostics: diagnostics) else {
                let names = Array(Set(sources.map(\.name))).sorted()
                let known = names.isEmpty ? "the history is empty" : "it has \(names.joined(separator: ", "))"
                // Not found, as grep says it: 1, not a usage error.
                diagnostics.say("loadrun: no history of \(UntrustedText.forTerminalLine(name)); \(known)")
                return .someFailed
            }
            guard let versions = store.versions(of: source.id) else { return .allFailed }
            switch request {
            case .show(_, let number):
                return show(number, of: source, versions: versions, store: store, in: context)
            case .diff(_, let from, let to):
                return diff(from: from, to: to, of: source, versions: versions, store: store, in: context)
            case .sources, .versions:
                return context.writeOutput(listing(versions, of: source))
            }
        }
    }

    /// The source `name` names (or whose URL it is); of several with that name, the one seen
    /// last, said on stderr.
    private func pick(_ name: String, among sources: [HistoryStore.SourceSummary], diagnostics: Diagnostics) -> HistoryStore.SourceSummary? {
        // A URL as --url reads one: without a scheme, it is http://.
        let matches = sources.filter { $0.name == name || $0.url == name || $0.url == "http://" + name }
        if matches.count > 1 {
            diagnostics.say("loadrun: \(name) names \(matches.count) sources in the history; this is the one seen last, \(matches[0].url) (give its URL to pick another)")
        }
        return matches.first
    }

    // MARK: Listings

    private func listing(_ sources: [HistoryStore.SourceSummary]) -> String {
        if output != .text {
            return Self.json(.array(sources.map { source in
                .object([.init("name", .string(source.name)), .init("url", .string(source.url)), .init("versions", .number("\(source.versions)")),
                         .init("first_seen", .string(Self.iso(source.firstSeen))), .init("last_seen", .string(Self.iso(source.lastSeen))),
                         .init("bytes", .number("\(source.bytes)"))])
            }), output)
        }
        let rows = [["NAME", "VERSIONS", "FIRST SEEN", "LAST SEEN", "SIZE", "URL"]] + sources.map { source in
            [source.name, "\(source.versions)", ClockTime.dateAndTime(source.firstSeen / 1000), ClockTime.dateAndTime(source.lastSeen / 1000),
             ByteCount.format(source.bytes), URLCredentials.masked(source.url)].map(UntrustedText.forTerminalLine)
        }
        return ListingTable(rows: rows).text()
    }

    private func listing(_ versions: [HistoryStore.Version], of source: HistoryStore.SourceSummary) -> String {
        // Newest first: each compared with the one after it, the version before.
        let changes = versions.indices.map { index in
            index + 1 < versions.count ? HistoryChange(versions[index + 1], versions[index]) : nil
        }
        if output != .text {
            return Self.json(.array(zip(versions, changes).map { version, change in
                var fields: [JSON.Member] = [.init("version", .number("\(version.number)")), .init("time", .string(Self.iso(version.seenAt))),
                                             .init("last_seen", .string(Self.iso(version.lastSeen))),
                                             .init("status", version.status.map { .number("\($0)") } ?? .null),
                                             .init("size", .number("\(version.size)"))]
                if let change, let items = change.items {
                    fields += [.init("added", .number("\(items.added)")), .init("removed", .number("\(items.removed)")),
                               .init("changed", .number("\(items.changed)"))]
                }
                return .object(fields)
            }), output)
        }
        let rows = [["VERSION", "TIME", "LAST SEEN", "STATUS", "SIZE", "CHANGE"]] + zip(versions, changes).map { version, change in
            ["\(version.number)", ClockTime.dateAndTime(version.seenAt / 1000), ClockTime.dateAndTime(version.lastSeen / 1000),
             version.status.map(String.init) ?? "-", ByteCount.format(version.size),
             change?.words ?? (version.number == 1 ? "first" : "oldest kept")]
        }
        return ListingTable(rows: rows).text()
    }

    /// `value` as `--output` asks: indented for json; for ndjson, a list's values a compact
    /// line each, anything else one compact line.
    static func json(_ value: JSON, _ output: OutputFormat) -> String {
        guard output == .ndjson else { return JSONWriter().write(value) + "\n" }
        var compact = JSONWriter()
        compact.isCompact = true
        if case .array(let values) = value { return values.map { compact.write($0) + "\n" }.joined() }
        return compact.write(value) + "\n"
    }

    /// `2026-11-26T09:12:03.123Z`.
    static func iso(_ milliseconds: Int) -> String { TransitionRecord.iso(milliseconds) }
}
