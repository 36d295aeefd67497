import Loader
import Store
import Plan
import Plugins
import Screen
import TerminalText

/// `loadrun history NAME --show K` and `--diff [A [B]]`: versions decoded again by the plugin
/// that took them, and shown as a load would show them.
extension HistoryListing {
    func show(_ number: Int, of source: HistoryStore.SourceSummary, versions: [HistoryStore.Version], store: HistoryStore,
              in context: RunContext) -> RunOutcome {
        let rendering = renderContext(context)
        let decoded: Decoded
        switch decode(number, of: source, versions: versions, store: store, plugins: context.plugins) {
        case .success(let value): decoded = value
        case .failure(let problem):
            context.diagnostics.say("loadrun: \(problem.message)")
            return .someFailed
        }
        if output != .text {
            var json = JSONOutputText(context: rendering)
            return context.writeOutput(json.next(decoded.plugins.renderJSON(decoded.content, context: rendering) + "\n"))
        }
        return context.writeOutput(decoded.plugins.render(decoded.content, context: rendering))
    }

    func diff(from: Int?, to: Int?, of source: HistoryStore.SourceSummary, versions: [HistoryStore.Version], store: HistoryStore,
              in context: RunContext) -> RunOutcome {
        guard versions.count > 1 || (from != nil && to != nil) else {
            return context.refuse(UsageFailure(message: "\(UntrustedText.forTerminalLine(source.name)) has one version: nothing to compare it with"))
        }
        // Newest first: the default is the one before the last, then the last.
        let newer = to ?? versions[0].number
        let older = from ?? versions.first { $0.number < newer }?.number ?? versions[1].number
        let rendering = renderContext(context)
        let pair: (Decoded, Decoded)
        switch (decode(older, of: source, versions: versions, store: store, plugins: context.plugins),
                decode(newer, of: source, versions: versions, store: store, plugins: context.plugins)) {
        case (.success(let a), .success(let b)): pair = (a, b)
        case (.failure(let problem), _), (_, .failure(let problem)):
            context.diagnostics.say("loadrun: \(problem.message)")
            return .someFailed
        }
        let header = "==> \(source.name): version \(older) → version \(newer) <=="
        let lines = listDiff(pair.0, pair.1, context: rendering) ?? textDiff(pair.0, pair.1, context: rendering)
        if output != .text {
            return context.writeOutput(Self.json(.object([
                .init("from", .number("\(older)")), .init("to", .number("\(newer)")),
                .init("lines", .array(lines.map { .string($0) })),
            ]), output))
        }
        let body = lines.isEmpty ? ["  (no difference in what is shown)"] : lines
        return context.writeOutput(([UntrustedText.forTerminalLine(header)] + body).map { $0 + "\n" }.joined())
    }

    /// A version decoded, and the plugin table that renders it (with jq's view when a program
    /// made it).
    struct Decoded {
        var content: AnyContent
        var plugins: PluginRegistry
    }

    private func decode(_ number: Int, of source: HistoryStore.SourceSummary, versions: [HistoryStore.Version], store: HistoryStore,
                        plugins: PluginRegistry) -> Result<Decoded, UsageFailure> {
        let name = UntrustedText.forTerminalLine(source.name)
        guard versions.contains(where: { $0.number == number }) else {
            let range = versions.isEmpty ? "none" : "\(versions.last?.number ?? 0) to \(versions.first?.number ?? 0)"
            return .failure(UsageFailure(message: "\(name) has no version \(number); its versions are \(range) (loadrun history \(name))"))
        }
        guard let stored = store.version(number, of: source.id) else {
            return .failure(UsageFailure(message: "version \(number) of \(name) cannot be read back from the history"))
        }
        switch StoredVersionDecoding.decode(stored, plugins: plugins) {
        case .success(let decoded): return .success(Decoded(content: decoded.content, plugins: decoded.plugins))
        case .failure(let problem): return .failure(UsageFailure(message: "version \(number) of \(name) \(problem.words)"))
        }
    }

    /// For two lists: the items added, changed and removed, by key, as the watch marks them.
    private func listDiff(_ older: Decoded, _ newer: Decoded, context: RenderContext) -> [String]? {
        guard let before = rendering(older, context: context), let after = rendering(newer, context: context) else { return nil }
        guard let marked = ListChanges.marked(after, since: before) else { return [] }
        return zip(marked.lines, marked.kinds).compactMap { line, kind in kind.map { "\($0.sign) " + line } }
    }

    private func rendering(_ decoded: Decoded, context: RenderContext) -> ListChanges.Rendering? {
        guard let items = decoded.plugins.renderItems(of: decoded.content, context: context), !items.itemLines.isEmpty else { return nil }
        let identities = ItemIdentities.of(decoded.content, count: items.itemLines.count, plugins: decoded.plugins)
        var lines = items.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return ListChanges.Rendering(lines: lines, itemLines: items.itemLines, keys: identities.keys,
                                     fingerprints: identities.fingerprints, end: items.end)
    }

    /// For anything else: a line diff of what each shows.
    private func textDiff(_ older: Decoded, _ newer: Decoded, context: RenderContext) -> [String] {
        func lines(_ decoded: Decoded) -> [String] {
            var lines = decoded.plugins.render(decoded.content, context: context).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }
        return LineDiff.hunks(LineDiff.lines(from: lines(older), to: lines(newer)))
    }

    /// How a version renders here: the terminal's width, no styling off a terminal.
    private func renderContext(_ context: RunContext) -> RenderContext {
        let terminal = Terminal.current(environment: context.environment, color: color)
        return RenderContext(width: terminal.width, height: nil, allowsStyling: terminal.allowsStyling, isTerminal: terminal.stdoutIsTTY,
                             environment: context.environment, hasScreenWidth: terminal.hasScreenWidth, color: color)
    }
}
