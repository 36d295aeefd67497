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
        // Each entry by its address: passed as a value, even `borrowing`, an entry was copied
        // for the call, a retain and a release for each of its fields, 25,000 times.
        feed.items.withUnsafeBufferPointer { items in
            guard let first = items.baseAddress else { return }
            for (index, place) in order.prefix(cut.shown).enumerated() {
                if sink.isStopped { break }
                if index % 32 == 0, context.shouldStop() { break }
                recorder?.markItem()
                write(first + place, byline: byline, pad: pad, width: textWidth, to: sink)
            }
        }
        recorder?.markEnd()
        if let note = cut.note("entry", context: context) { sink.writeLine(note) }
    }

    /// One entry's lines: the date and title, the byline, the summary's first line. By its
    /// address: its fields are read where they are (see `write(_:to:recorder:)`).
    private func write(_ entry: UnsafePointer<FeedItem>, byline: Byline, pad: String, width textWidth: Int, to sink: RenderSink) {
        // Each line goes to the sink in its pieces: joining them first would cost a string each.
        let date = entry.pointee.date?.local ?? ""
        let title = context.wrapField(entry.pointee.title ?? entry.pointee.summary.flatMap(Self.firstLine) ?? "(no title)", width: textWidth)
        for (number, line) in title.enumerated() {
            if number == 0 {
                sink.write(TextStyle.dim.apply(date, in: context))
                sink.write(String(pad.prefix(max(0, pad.utf8.count - date.utf8.count))))
            } else {
                sink.write(pad)
            }
            sink.writeLine(TextStyle.bold.apply(line, in: context))
        }
        if let by = byline.text(of: entry), let line = context.wrapField(by, width: textWidth).first {
            sink.write(pad)
            sink.writeLine(TextStyle.dim.apply(line, in: context))
        }
        if let summary = entry.pointee.summary.flatMap(Self.firstLine), entry.pointee.title != nil {
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
    enum Byline: Equatable {
        case authors, sites, nothing

        /// The byline of the entry at `entry`.
        func text(of entry: UnsafePointer<FeedItem>) -> String? {
            switch self {
            case .authors: entry.pointee.authors.isEmpty ? nil : entry.pointee.authors.joined(separator: ", ")
            case .sites: entry.pointee.url.flatMap(FeedView.host)
            case .nothing: nil
            }
        }
    }

    static func byline(for items: [FeedItem]) -> Byline {
        items.withUnsafeBufferPointer { items in
            if differ(items, by: { $0.pointee.authors.first }) { return .authors }
            if differ(items, by: { $0.pointee.url.flatMap(host) }) { return .sites }
            return .nothing
        }
    }

    /// Whether two of the items have different values of `key` (those without one aside):
    /// known at the second value that differs, which is mostly the second item.
    private static func differ(_ items: UnsafeBufferPointer<FeedItem>, by key: (UnsafePointer<FeedItem>) -> String?) -> Bool {
        guard let base = items.baseAddress else { return false }
        var first: String?
        for index in items.indices {
            guard let value = key(base + index) else { continue }
            if let first, first != value { return true }
            first = first ?? value
        }
        return false
    }

    private static func host(_ url: String) -> String? {
        URLParts(url)?.host
    }
}
