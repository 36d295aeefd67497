import Loader
import Plugins
import Screen
import TerminalText

/// The screen model's `ContentRendering`, through the plugin table: each content by its
/// plugin's renderer, in the run's render settings at the size the model asks for.
struct PluginScreenRenderer: ContentRendering {
    let plugins: PluginRegistry
    /// The run's render settings; width and height are set per call. Graphics protocols do not
    /// survive row-by-row redraws, so images are drawn in symbols unless the user chose.
    let base: RenderContext
    /// Each source's plugin, by index, for the skeleton of a first load.
    let selections: [PluginSelection]

    var allowsStyling: Bool { base.allowsStyling }

    /// The content area's context: a gutter's width less than `width` for a list with items
    /// to select.
    private func context(width: Int, rows: Int, gutter: Bool) -> RenderContext {
        var context = base
        // As `RenderContext.init` has it: content is laid out at 20 columns at the least.
        let width = max(width, 20)
        context.width = gutter ? max(width - Pane.gutterWidth, 10) : width
        context.height = rows
        return context
    }

    func list(_ content: AnyContent, width: Int, rows: Int) -> RenderedList {
        let narrow = context(width: width, rows: rows, gutter: true)
        if let list = plugins.renderItems(of: content, context: narrow) {
            let identities = ItemIdentities.of(content, count: list.itemLines.count, plugins: plugins)
            return RenderedList(text: list.text.isEmpty ? text(of: content, context: narrow) : list.text, items: list.itemLines, hasGutter: true,
                                keys: identities.keys, fingerprints: identities.fingerprints, itemsEnd: list.end)
        }
        return RenderedList(text: text(of: content, context: context(width: width, rows: rows, gutter: false)), items: nil, hasGutter: false)
    }

    func changes(_ content: AnyContent, rendered: RenderedList, since previous: AnyContent, previousText: String,
                 width: Int, rows: Int) -> String {
        LineChanges.highlighted(rendered.text, since: previousText, context: context(width: width, rows: rows, gutter: rendered.hasGutter))
    }

    func placeholder(source index: Int, state: LoadingState<AnyContent>, width: Int, rows: Int) -> String {
        let context = context(width: width, rows: rows, gutter: false)
        if let error = state.error, !state.isLoading {
            return Self.wrapped(LoadErrorText.describe(error), style: .dim, context: context)
        }
        if !state.isBusy, case .failed = state { return "" }
        return plugins.skeleton(for: selections[index], context: context)
    }

    func detail(_ detail: DetailFacts, skeletonPlugin: String?, width: Int, rows: Int) -> RenderedDetail {
        // Laid out a gutter narrower than the screen: the margin marks the selection while
        // one of its related lists has the focus.
        let context = context(width: width, rows: rows, gutter: true)
        var text: String
        var items: [Int] = []
        // A link that opened a list: its items are laid out as a source's are, to select.
        if let content = detail.main.state.content, let list = plugins.renderItems(of: content, context: context), !list.text.isEmpty {
            text = list.text
            items = list.itemLines
        } else {
            text = section(detail.main, skeletonPlugin: skeletonPlugin ?? "articles", context: context)
        }
        var related: [(heading: Int, items: [Int])] = []
        for list in detail.related {
            let heading = "── \(list.name) " + summary(of: list.state)
            text += "\n"
            let headingLine = Self.lineCount(text)
            text += TextStyle.bold.apply(heading, in: context) + "\n"
            // A related list's items can be selected and opened: where each starts is kept.
            if let content = list.state.content, let items = plugins.renderItems(of: content, context: context),
               !items.text.isEmpty {
                let start = headingLine + 1
                related.append((headingLine, items.itemLines.map { $0 + start }))
                text += items.text
            } else {
                related.append((headingLine, []))
                text += section(list, skeletonPlugin: "table", context: context)
            }
        }
        return RenderedDetail(text: text, items: items, related: related)
    }

    /// Lines `text` holds, a last newline ending the last line rather than starting another.
    private static func lineCount(_ text: String) -> Int {
        text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + (text.isEmpty || text.hasSuffix("\n") ? 0 : 1)
    }

    func itemFields(of content: AnyContent, at item: Int) -> [String: String]? {
        plugins.itemFields(of: content, at: item)
    }

    func links(of content: AnyContent) -> [String] { plugins.links(of: content) }

    func entry(of content: AnyContent, at item: Int) -> AnyContent? { plugins.entry(of: content, at: item) }

    func hasEntries(_ content: AnyContent) -> Bool { plugins.hasEntries(content) }

    func explorable(_ content: AnyContent) -> JSON? { ContentJSON.explorable(content) }

    func json(of content: AnyContent) -> JSON? { ContentJSON.whole(content) }

    func itemJSON(of content: AnyContent, at item: Int) -> JSON? { ContentJSON.item(of: content, at: item) }

    /// An article's title (a web page's, a feed entry's); other content has none to name it by.
    func title(of content: AnyContent) -> String? {
        (content.model as? Article).map { UntrustedText.forTerminalLine($0.title) }
    }

    /// The content's text; for the empty state, its line, dimmed, since a blank area would
    /// say nothing.
    private func text(of content: AnyContent, context: RenderContext) -> String {
        let text = plugins.render(content, context: context)
        guard text.isEmpty, let state = plugins.emptyState(of: content) else { return text }
        return TextStyle.dim.apply(state, in: context) + "\n"
    }

    /// One source's part of a detail: its content, or the skeleton of `skeletonPlugin` while
    /// it loads, or what failed and that `r` retries.
    private func section(_ source: SourceFacts, skeletonPlugin: String, context: RenderContext) -> String {
        let state = source.state
        if let content = state.content { return text(of: content, context: context) }
        if let error = state.error, !state.isLoading {
            return Self.wrapped("failed: " + LoadErrorText.describe(error), style: .alert, context: context)
                + TextStyle.dim.apply(state.pendingRetry == nil ? "r to retry · Esc back" : "retrying on its own; r to retry now", in: context) + "\n"
        }
        if case .idle = state { return TextStyle.dim.apply("not loaded; r to load", in: context) + "\n" }
        let skeleton = (try? plugins.plugin(named: skeletonPlugin))?.renderer.skeleton(context: context) ?? ""
        return skeleton.isEmpty ? TextStyle.dim.apply("loading…", in: context) + "\n" : skeleton
    }

    /// `text` (from outside: a failure's words) made safe and wrapped to the width, each line
    /// in `style`: a line that ran over would be cut, and its advice lost.
    private static func wrapped(_ text: String, style: TextStyle, context: RenderContext) -> String {
        TerminalText.wrap(UntrustedText.forTerminalLine(text), width: context.width)
            .map { style.apply($0, in: context) + "\n" }.joined()
    }

    /// `· loading 1.2 KB`, `· 5 items`, `· failed`: a related list's state beside its heading.
    private func summary(of state: LoadingState<AnyContent>) -> String {
        switch state {
        case .idle: "· not loaded"
        case .loading(let progress, _): progress.receivedBytes > 0 ? "· loading \(ByteCount.format(progress.receivedBytes))" : "· loading"
        case .loaded(let content): content.itemCount.map { $0 == 1 ? "· 1 item" : "· \($0) items" } ?? ""
        case .failed: "· failed"
        }
    }
}
