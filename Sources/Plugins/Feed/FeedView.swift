internal import Loader
internal import TerminalText

/// A feed as text: its title as the heading, then its entries newest first, each with its date
/// in the local time zone and its title, the author or the site where that tells the entries
/// apart, and the first line of its summary. Every field is made safe and wrapped.
struct FeedView {
    let context: RenderContext

    /// Writes the feed into `sink`, each shown entry's first line noted in `recorder` when
    /// given; stops early once the sink is stopped or a signal wants the run to end.
    func write(_ feed: Feed, to sink: RenderSink, recorder: ItemLineRecorder? = nil) {
        // No entries: nothing, so that the front end shows the empty state, which names the feed.
        guard !feed.items.isEmpty else { return }
        let width = max(context.width, 20)
        for line in TerminalText.wrapField(feed.title ?? "(a feed with no title)", width: width) {
            sink.writeLine(TextStyle.bold.apply(line, in: context))
        }
        if let description = feed.description, let first = Self.firstLine(of: description) {
            for line in TerminalText.wrapField(first, width: width) { sink.writeLine(TextStyle.dim.apply(line, in: context)) }
        }
        let items = feed.newestFirst
        let cut = ListCut(count: items.count, context: context)
        let byline = Self.byline(for: items)
        let dateWidth = 16
        let indent = dateWidth + 2
        let textWidth = max(width - indent, 10)
        // The heading stands apart; the entries follow one another, told apart by the dates.
        sink.writeLine("")
        for (index, item) in items.prefix(cut.shown).enumerated() {
            if sink.isStopped { break }
            if index % 32 == 0, context.shouldStop() { break }
            recorder?.markItem()
            let date = item.date?.local ?? ""
            let lead = TextStyle.dim.apply(date, in: context) + String(repeating: " ", count: indent - date.count)
            let title = TerminalText.wrapField(item.title ?? item.summary.flatMap(Self.firstLine) ?? "(no title)", width: textWidth)
            for (number, line) in title.enumerated() {
                sink.writeLine((number == 0 ? lead : String(repeating: " ", count: indent)) + TextStyle.bold.apply(line, in: context))
            }
            let pad = String(repeating: " ", count: indent)
            if let by = byline(item), let line = TerminalText.wrapField(by, width: textWidth).first {
                sink.writeLine(pad + TextStyle.dim.apply(line, in: context))
            }
            if let summary = item.summary.flatMap(Self.firstLine), item.title != nil {
                let lines = TerminalText.wrapField(summary, width: textWidth)
                for line in lines.prefix(2) { sink.writeLine(pad + line) }
                if lines.count > 2 { sink.writeLine(pad + "…") }
            }
        }
        recorder?.markEnd()
        if let note = cut.note("entry", context: context) { sink.writeLine(note) }
    }

    /// The first line of `text` that holds more than spaces.
    static func firstLine(of text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            BodyLines.firstNonBlank(in: bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }?.trimmingCharacters(in: " \t")
    }

    /// What tells the entries apart beyond their titles: their authors when they have more than
    /// one, else their sites when they link to more than one; nothing when all are the same.
    static func byline(for items: [FeedItem]) -> (FeedItem) -> String? {
        if Set(items.compactMap { $0.authors.first }).count > 1 {
            return { $0.authors.isEmpty ? nil : $0.authors.joined(separator: ", ") }
        }
        if Set(items.compactMap { $0.url.flatMap(host) }).count > 1 {
            return { $0.url.flatMap(host) }
        }
        return { _ in nil }
    }

    private static func host(_ url: String) -> String? {
        URLParts(url)?.host
    }
}
