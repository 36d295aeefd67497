import Loader
import Plugins
import TerminalText
import Screen

/// An item's detail on the full-screen view: its content (or the skeleton while it loads, or
/// what failed), then each related list under a heading of its own.
extension ScreenPresenter {
    func opened(_ page: DetailPage) {
        prefetchTimer?.cancel()
        searchInput = nil
        detail = (page, Pane())
        composeDetail()
        refresh()
    }

    func detailChanged(_ page: DetailPage, source: SessionSource, by change: StateChange) {
        guard let detail, detail.page === page else { return }
        if change.cause == .cancelled, source === page.main {
            note("cancelled — r loads it again; Ctrl-C again within 1 s quits", about: source)
        }
        if change.cause == .succeeded, source === page.main, let name = source.loader.state.content?.pluginName {
            detailPlugins[page.parent.requestIndex] = name
        }
        // Bytes coming in change the status lines only: no need to render the content again.
        if change.cause != .progressed { composeDetail() }
        redrawSoon()
    }

    /// Renders the open detail's pane from its sources' states, keeping its cursor.
    func composeDetail() {
        guard let (page, pane) = detail else { return }
        let context = contentContext(gutter: false)
        var text = section(page.main, skeletonPlugin: detailPlugins[page.parent.requestIndex] ?? "articles", context: context)
        for related in page.related {
            let heading = "── \(related.name) " + relatedSummary(related)
            text += "\n" + TextStyle.bold.apply(heading, in: context) + "\n"
            text += section(related, skeletonPlugin: "table", context: context)
        }
        // A detail is read, not browsed: it scrolls, and its items open nothing further.
        pane.show(text, items: nil)
        pane.cursor.clamp(to: pane.layout(rows: contentRows))
    }

    /// One source's part of the detail: its content, or the skeleton of `skeletonPlugin` while
    /// it loads, or what failed and that `r` retries.
    private func section(_ source: SessionSource, skeletonPlugin: String, context: RenderContext) -> String {
        let state = source.loader.state
        if let content = state.content { return view(of: content, context: context) }
        if let error = state.error, !state.isLoading {
            let reason = UntrustedText.forTerminalLine(LoadErrorText.describe(error))
            return TextStyle.alert.apply("failed: " + reason, in: context) + "\n"
                + TextStyle.dim.apply(state.pendingRetry == nil ? "r to retry · Esc back" : "retrying on its own; r to retry now", in: context) + "\n"
        }
        if case .idle = state { return TextStyle.dim.apply("not loaded; r to load", in: context) + "\n" }
        let skeleton = (try? session.plugins.plugin(named: skeletonPlugin))?.renderer.skeleton(context: context) ?? ""
        return skeleton.isEmpty ? TextStyle.dim.apply("loading…", in: context) + "\n" : skeleton
    }

    /// `· loading 1.2 KB`, `· 5 items`, `· failed`: a related list's state beside its heading.
    private func relatedSummary(_ source: SessionSource) -> String {
        switch source.loader.state {
        case .idle: "· not loaded"
        case .loading(let progress, _): progress.receivedBytes > 0 ? "· loading \(ByteCount.format(progress.receivedBytes))" : "· loading"
        case .loaded(let content): content.itemCount.map { "· \($0) items" } ?? ""
        case .failed: "· failed"
        }
    }
}
