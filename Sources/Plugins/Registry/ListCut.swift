internal import TerminalText

/// How much of a list a view shows under `--max-items` (the context's `maxItems`), and the
/// line that says what it left out: every list view cuts and words it the same way.
struct ListCut {
    /// Items in the list.
    let total: Int
    /// Items the view shows: all of them, or the first `maxItems`.
    let shown: Int

    init(count: Int, context: RenderContext) {
        total = count
        shown = context.maxItems.map { min(max($0, 0), count) } ?? count
    }

    /// Items left out.
    var leftOut: Int { total - shown }

    /// `… 3 more items`, dimmed, for the items left out (`noun` is one item's name, such as
    /// `post` or `entry`); nil when none were.
    func note(_ noun: String, context: RenderContext) -> String? {
        guard leftOut > 0 else { return nil }
        return TextStyle.dim.apply("… \(leftOut) more \(leftOut == 1 ? noun : Self.plural(noun))", in: context)
    }

    /// English plural of a list's noun: `entry` → `entries`, `post` → `posts`.
    static func plural(_ noun: String) -> String {
        guard noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) else { return noun + "s" }
        return noun.dropLast() + "ies"
    }
}
