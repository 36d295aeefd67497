public import TerminalText
internal import Loader

extension TerminalText {
    /// The most characters one field (a title, a paragraph) is rendered with: past this, the
    /// rest is left out and said so, which bounds the work one hostile field can cause.
    public static let fieldLimit = 10_000

    /// `text` whole when it is within `limit` characters; otherwise its first `limit`
    /// characters, a `…`, and how much was left out. The cut falls between graphemes.
    public static func bounded(_ text: String, limit: Int = fieldLimit) -> String {
        // Fewer bytes than the limit means fewer characters too, and counting bytes is O(1).
        guard text.utf8.count > limit,
              let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
              end < text.endIndex else { return text }
        let leftOut = text.utf8.distance(from: end, to: text.endIndex)
        return text[..<end] + "… (\(ByteCount.format(leftOut)) more; --output json has it all)"
    }

    /// One field from outside (a title, a paragraph) as lines for a terminal: cut to
    /// `fieldLimit` characters, made safe, and wrapped to `width`.
    public static func wrapField(_ text: String, width: Int) -> [String] {
        lines(of: bounded(text), width: width, sanitising: true)
    }
}

extension TextStyle {
    /// `text` in this style where the context allows styling; as it is otherwise, or when empty.
    public func apply(_ text: String, in context: RenderContext) -> String {
        apply(text, styled: context.allowsStyling)
    }
}

extension RenderContext {
    /// `text` cut at `TerminalText.fieldLimit` characters for reading on a screen; whole with no
    /// screen to fit (a pipe), where output is the data.
    public func field(_ text: String) -> String {
        hasScreenWidth ? TerminalText.bounded(text) : text
    }

    /// One field from outside as lines: cut for a screen (`field`), made safe, and wrapped to
    /// `width`.
    public func wrapField(_ text: String, width: Int) -> [String] {
        TerminalText.lines(of: field(text), width: width, sanitising: true)
    }
}
