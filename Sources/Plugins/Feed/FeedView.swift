#if canImport(Glibc)
import Glibc
#endif
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
        for line in context.wrapField(feed.title ?? "(a feed with no title)", width: width) {
            sink.writeLine(TextStyle.bold.apply(line, in: context))
        }
        if let description = feed.description, let first = Self.firstLine(of: description) {
            for line in context.wrapField(first, width: width) { sink.writeLine(TextStyle.dim.apply(line, in: context)) }
        }
        // The entries by their places in `items`: a copy of each would cost its every field a
        // retain, 25,000 times in a 10 MB feed.
        let order = feed.newestFirstOrder
        let cut = ListCut(count: order.count, context: context)
        let byline = Self.byline(for: feed.items)
        // A date takes 16 columns, and two more stand between it and the title.
        let pad = String(repeating: " ", count: 18)
        let textWidth = max(width - pad.count, 10)
        // The heading stands apart; the entries follow one another, told apart by the dates.
        sink.writeLine("")
        for (index, place) in order.prefix(cut.shown).enumerated() {
            if sink.isStopped { break }
            if index % 32 == 0, context.shouldStop() { break }
            recorder?.markItem()
            write(feed.items[place], byline: byline, pad: pad, width: textWidth, to: sink)
        }
        recorder?.markEnd()
        if let note = cut.note("entry", context: context) { sink.writeLine(note) }
    }

    /// One entry's lines: the date and title, the byline, the summary's first line. Borrowed:
    /// a copy would cost each of its fields a retain.
    private func write(_ item: borrowing FeedItem, byline: (borrowing FeedItem) -> String?, pad: String, width textWidth: Int,
                       to sink: RenderSink) {
        // Each line goes to the sink in its pieces: joining them first would cost a string each.
        let date = item.date?.local ?? ""
        let title = context.wrapField(item.title ?? item.summary.flatMap(Self.firstLine) ?? "(no title)", width: textWidth)
        for (number, line) in title.enumerated() {
            if number == 0 {
                sink.write(TextStyle.dim.apply(date, in: context))
                sink.write(String(pad.prefix(max(0, pad.utf8.count - date.utf8.count))))
            } else {
                sink.write(pad)
            }
            sink.writeLine(TextStyle.bold.apply(line, in: context))
        }
        if let by = byline(item), let line = context.wrapField(by, width: textWidth).first {
            sink.write(pad)
            sink.writeLine(TextStyle.dim.apply(line, in: context))
        }
        if let summary = item.summary.flatMap(Self.firstLine), item.title != nil {
            let lines = context.wrapField(summary, width: textWidth)
            // Two lines of it on a screen; all of it with no screen to fit (a pipe).
            let shown = context.hasScreenWidth ? 2 : lines.count
            for line in lines.prefix(shown) {
                sink.write(pad)
                sink.writeLine(line)
            }
            if lines.count > shown {
                sink.write(pad)
                sink.writeLine("…")
            }
        }
    }

    /// The first line of `text` that holds more than spaces.
    static func firstLine(of text: String) -> String? {
        var text = text
        // A summary read from a feed has its spaces collapsed already: the line is all of it.
        // (A first byte that is printable ASCII makes the line not blank.)
        let whole = text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last, first > 0x20, first < 0x7F, last != 0x20, last != 0x09 else { return false }
            // memchr looks at many bytes at once; a summary is looked at for each entry.
            guard let start = bytes.baseAddress else { return false }
            return [0x0A, 0x0D, 0x0B, 0x0C].allSatisfy { memchr(start, $0, bytes.count) == nil }
        }
        if whole { return text }
        return text.withUTF8 { bytes in
            BodyLines.firstNonBlank(in: bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }?.trimmingCharacters(in: " \t")
    }

    /// What tells the entries apart beyond their titles: their authors when they have more than
    /// one, else their sites when they link to more than one; nothing when all are the same.
    static func byline(for items: [FeedItem]) -> (borrowing FeedItem) -> String? {
        if differ(items, by: { $0.authors.first }) {
            return { $0.authors.isEmpty ? nil : $0.authors.joined(separator: ", ") }
        }
        if differ(items, by: { $0.url.flatMap(host) }) {
            return { $0.url.flatMap(host) }
        }
        return { _ in nil }
    }

    /// Whether two of the items have different values of `key` (those without one aside):
    /// known at the second value that differs, which is mostly the second item.
    private static func differ(_ items: [FeedItem], by key: (borrowing FeedItem) -> String?) -> Bool {
        var first: String?
        for index in items.indices {
            guard let value = key(items[index]) else { continue }
            if let first, first != value { return true }
            first = first ?? value
        }
        return false
    }

    private static func host(_ url: String) -> String? {
        URLParts(url)?.host
    }
}
