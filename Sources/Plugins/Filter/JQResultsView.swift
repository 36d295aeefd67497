#if canImport(Glibc)
import Glibc
#endif
internal import Loader
internal import TerminalText

/// jq's results as loadrun's views show them (see `JQPlugin`).
public struct JQResultsView: ContentRenderer {
    public init() {}

    public func render(_ model: JQPlugin.Results, context: RenderContext) -> String {
        RenderSink.collect { write(model, context: context, to: $0) }
    }

    public func write(_ model: JQPlugin.Results, context: RenderContext, to sink: RenderSink) {
        if let lines = model.lines { return write(lines, context: context, to: sink) }
        for result in model.results {
            if sink.isStopped { return }
            write(result, context: context, to: sink)
        }
    }

    private func write(_ result: JQPlugin.Results.Result, context: RenderContext, to sink: RenderSink) {
        switch result {
        case .text(let text):
            // Raw, as jq -r prints it, and made safe: it came from the server.
            sink.writeLine(UntrustedText.forTerminal(text))
        case .table(let table):
            TablePlugin().write(table, context: context, to: sink)
        case .json(let document):
            JSONPlugin().write(document, context: context, to: sink)
        }
    }

    /// A piece's results, as `write` writes each, straight from their bytes: each run of
    /// strings with no escape (titles) is copied between their quotes into one text, made safe
    /// for the terminal whole, and written at once; any other result goes its own way, in its
    /// place. No string, closure or model per title: a hundred thousand cost a few copies.
    ///
    /// Made safe whole, it is made safe as each line alone would be: such a string holds no
    /// control character (it would be escaped), so no `\r` joins the line break after it.
    private func write(_ lines: JQResultLines, context: RenderContext, to sink: RenderSink) {
        lines.bytes.withUnsafeBytes { all in
            guard let base = all.baseAddress else { return }
            // The text of a run of plain strings, at most as long as their lines.
            let text = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: all.count)
            defer { text.deallocate() }
            var next = 0
            while next < all.count, !sink.isStopped {
                var used = 0
                var end = 0
                while next < all.count {
                    end = memchr(base + next, 0x0A, all.count - next).map { $0 - UnsafeMutableRawPointer(mutating: base) } ?? all.count
                    guard let plain = JQPlugin.plainString(UnsafeRawBufferPointer(rebasing: all[next..<end])) else { break }
                    UnsafeMutableRawPointer(text.baseAddress! + used).copyMemory(from: plain.baseAddress!, byteCount: plain.count)
                    used += plain.count
                    text[used] = 0x0A
                    used += 1
                    next = end + 1
                }
                if used > 0 {
                    sink.write(UntrustedText.forTerminal(String(decoding: UnsafeBufferPointer(rebasing: text[0..<used]), as: UTF8.self)))
                }
                // A result that is no plain string, at `next`, ending at `end`.
                if next < all.count, !sink.isStopped {
                    write(JQPlugin.result(String(decoding: UnsafeRawBufferPointer(rebasing: all[next..<end]), as: UTF8.self)),
                          context: context, to: sink)
                    next = end + 1
                }
            }
        }
    }

    /// A single result that is a list is laid out by its items, as that list's own view lays
    /// them out: a watch marks the new ones, and the full-screen view selects and opens them.
    public func renderItems(_ model: JQPlugin.Results, context: RenderContext) -> RenderedItems? {
        guard model.isSingle else { return nil }
        switch model.results[0] {
        case .table(let table): return TablePlugin().renderItems(table, context: context)
        case .json(let document): return JSONPlugin().renderItems(document, context: context)
        case .text: return nil
        }
    }

    public func itemFields(_ model: JQPlugin.Results, at index: Int) -> [String: String]? {
        guard model.isSingle else { return nil }
        switch model.results[0] {
        case .table(let table): return TablePlugin().itemFields(table, at: index)
        case .json(let document): return JSONPlugin().itemFields(document, at: index)
        case .text: return nil
        }
    }

    /// A program that gave nothing (`empty`, a `select` that held for none) says so, where
    /// the view would be.
    public func emptyState(_ model: JQPlugin.Results) -> String? {
        model.count == 0 && model.precededBy == 0 ? "the jq program gave no results" : nil
    }

    /// One result pretty-printed, as `--output json` prints a document; several one a line,
    /// as `jq -c` prints them.
    public func renderJSON(_ model: JQPlugin.Results, context: RenderContext) -> String {
        guard model.isSingle else {
            // A piece's lines are already that text, with a line break after the last.
            if let lines = model.lines { return String(decoding: lines.bytes.dropLast(), as: UTF8.self) }
            return model.compact.joined(separator: "\n")
        }
        switch model.results[0] {
        case .json(let document): return JSONPlugin().renderJSON(document, context: context)
        case .table(let table): return TablePlugin().renderJSON(table, context: context)
        case .text: return model.compact[0]
        }
    }
}
