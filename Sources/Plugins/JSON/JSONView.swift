internal import Loader
internal import TerminalText

/// JSON for reading on a terminal: indented as `--output json` is, keys in the server's order,
/// coloured as jq and xh colour it (keys, strings, numbers, booleans and null each distinct)
/// when the context allows styling, long strings wrapped to the width, and long arrays cut
/// at `maxItems` with a line that says how many were left out. With no screen width (a pipe),
/// it is the data: every string whole on its line, JSON that `jq` parses.
struct JSONView {
    let context: RenderContext
    /// Indents by width, each made once, when first drawn: a document repeats a few of them on
    /// every line, and a view made for each of a jq program's million results draws one.
    private var pads: [String] = []
    /// Keys as drawn (quoted, styled, with `: `) and the columns they take: a list of records
    /// repeats the same few.
    private var keys: [String: (text: String, width: Int)] = [:]
    /// Notes where each item of a top-level array starts: set only for `JSONPlugin.itemLines`.
    var recorder: ItemLineRecorder?

    init(context: RenderContext) {
        self.context = context
    }

    /// The indent `width` columns wide.
    private mutating func pad(_ width: Int) -> String {
        while pads.count <= width { pads.append(String(repeating: " ", count: pads.count)) }
        return pads[width]
    }

    /// The deepest indent drawn: deeper levels stay at this column, so a deep document keeps
    /// its text on screen.
    private var maxIndent: Int { max(context.width / 2, 4) }

    mutating func render(_ value: JSON) -> String {
        // One string, sized once: a list of lines and a join would hold the text twice.
        RenderSink.collect(capacity: value.estimatedTextSize(indent: 0) + 64) { write(value, to: $0) }
    }

    /// Writes the view into `sink`, line by line.
    mutating func write(_ value: JSON, to sink: RenderSink) {
        write(value, indent: 0, lead: ("", 0), trail: "", into: sink)
    }

    /// Writes `value` after `lead` (a drawn key and its width, or nothing) and before `trail`
    /// (a comma, or nothing).
    private mutating func write(_ value: JSON, indent: Int, lead drawn: (text: String, width: Int), trail: String, into out: RenderSink) {
        let lead = drawn.text
        let indentPad = pad(min(indent, maxIndent))
        switch value {
        case .array(let items):
            guard !items.isEmpty else { return out.writeLine(indentPad + lead + "[]" + trail) }
            out.writeLine(indentPad + lead + "[")
            let cut = ListCut(count: items.count, context: context)
            // On a terminal, a comma and a line say that more items follow; anywhere else the
            // output is JSON (COLUMNS or not), which ends at the last item shown, and the cut
            // is said elsewhere.
            let last = context.isTerminal ? items.count - 1 : cut.shown - 1
            for index in 0..<cut.shown {
                if context.shouldStop() || out.isStopped { return }
                // Only the top-level array has indent 0: a nested one's items are not the list's.
                if indent == 0 { recorder?.markItem() }
                write(items[index], indent: indent + 2, lead: ("", 0), trail: index < last ? "," : "", into: out)
            }
            if indent == 0 { recorder?.markEnd() }
            if !context.isTerminal {
                out.leftOut(cut.leftOut)
            } else if let note = cut.note("item", context: context) {
                out.writeLine(pad(min(indent + 2, maxIndent)) + note)
            }
            out.writeLine(indentPad + "]" + trail)
        case .object(let members):
            guard !members.isEmpty else { return out.writeLine(indentPad + lead + "{}" + trail) }
            out.writeLine(indentPad + lead + "{")
            for (index, member) in members.enumerated() {
                let key = drawnKey(member.key)
                write(member.value, indent: indent + 2, lead: key, trail: index < members.count - 1 ? "," : "", into: out)
            }
            out.writeLine(indentPad + "}" + trail)
        case .string(let text):
            // Off a terminal the view is JSON for a program to read, COLUMNS or not: a string
            // is whole, on its line.
            guard context.isTerminal, context.hasScreenWidth else {
                return out.writeLine(indentPad + lead + Style.string.apply(quoted(text), context) + trail)
            }
            let token = quoted(TerminalText.bounded(text))
            let room = context.width - min(indent, maxIndent) - 2
            // Fewer bytes than columns means it fits: a column takes at least a byte.
            if indentPad.utf8.count + drawn.width + token.utf8.count + trail.utf8.count <= context.width || room < 10 {
                return out.writeLine(indentPad + lead + Style.string.apply(token, context) + trail)
            }
            let pieces = TerminalText.wrap(token, width: room)
            let inner = pad(min(indent, maxIndent) + 2)
            out.writeLine(indentPad + lead)
            for (index, piece) in pieces.enumerated() {
                out.writeLine(inner + Style.string.apply(piece, context) + (index == pieces.count - 1 ? trail : ""))
            }
        case .number(let literal):
            out.writeLine(indentPad + lead + Style.number.apply(literal, context) + trail)
        case .bool(let flag):
            out.writeLine(indentPad + lead + Style.boolean.apply(flag ? "true" : "false", context) + trail)
        case .null:
            out.writeLine(indentPad + lead + Style.null.apply("null", context) + trail)
        }
    }


    private mutating func drawnKey(_ key: String) -> (text: String, width: Int) {
        if let drawn = keys[key] { return drawn }
        let literal = quoted(key)
        let drawn = (Style.key.apply(literal, context) + ": ", TerminalText.displayWidth(literal) + 2)
        // A document of a million distinct keys would make this a second copy of them.
        if keys.count < 4096 { keys[key] = drawn }
        return drawn
    }

    /// A string as a JSON literal, escaped: nothing in it can drive the terminal.
    private func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        JSONWriter.quote(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// jq's colours where they are distinct, and distinct ones where jq's are not.
    enum Style {
        case key, string, number, boolean, null

        func apply(_ text: String, _ context: RenderContext) -> String {
            guard context.allowsStyling else { return text }
            // Each ends with its own reset, never ESC[0m, so the watch view's highlight
            // (reverse video around a line) survives.
            switch self {
            case .key: return "\u{1B}[1;34m\(text)\u{1B}[22;39m"
            case .string: return "\u{1B}[32m\(text)\u{1B}[39m"
            case .number: return "\u{1B}[36m\(text)\u{1B}[39m"
            case .boolean: return "\u{1B}[33m\(text)\u{1B}[39m"
            case .null: return "\u{1B}[90m\(text)\u{1B}[39m"
            }
        }
    }
}
