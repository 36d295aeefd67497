internal import Loader
internal import TerminalText

/// Marks the lines of a rendering that are new since an earlier one: watch mode's highlight
/// for content whose plugin does not mark changes item by item (articles).
public enum LineChanges {
    /// `new` with each line that is not in the longest common subsequence with `old` highlighted.
    public static func highlighted(_ new: String, since old: String, context: RenderContext) -> String {
        guard context.allowsStyling, new != old else { return new }
        let newLines = lines(new)
        let oldLines = lines(old)
        let kept = unchanged(newLines, oldLines)
        var out = ""
        for (index, line) in newLines.enumerated() {
            out += (kept.contains(index) || line.isEmpty ? String(line) : TextStyle.highlight.apply(String(line), in: context)) + "\n"
        }
        return out
    }

    /// The indexes of `new`'s lines that are unchanged from `old`: those `LineDiff` keeps.
    static func unchanged(_ new: [Substring], _ old: [Substring]) -> Set<Int> {
        var kept: Set<Int> = []
        var index = 0
        for line in LineDiff.lines(from: old, to: new) {
            switch line {
            case .same: kept.insert(index); index += 1
            case .added: index += 1
            case .removed: break
            }
        }
        return kept
    }

    private static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
