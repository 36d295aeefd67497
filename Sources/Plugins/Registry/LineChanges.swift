internal import Loader
internal import TerminalText

/// Marks the lines of a rendering that are new since an earlier one: watch mode's highlight
/// for content whose plugin does not mark changes item by item (articles).
public enum LineChanges {
    /// Beyond this many line pairs the longest-common-subsequence table costs more than a
    /// highlight is worth; lines are then compared position by position.
    static let tableLimit = 4_000_000

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

    /// The indexes of `new`'s lines that are unchanged from `old`.
    static func unchanged(_ new: [Substring], _ old: [Substring]) -> Set<Int> {
        guard new.count * old.count <= tableLimit else {
            return Set(new.indices.filter { $0 < old.count && new[$0] == old[$0] })
        }
        // lengths[i][j]: the LCS length of new[i...] and old[j...].
        let columns = old.count + 1
        var lengths = [Int](repeating: 0, count: (new.count + 1) * columns)
        for i in stride(from: new.count - 1, through: 0, by: -1) {
            for j in stride(from: old.count - 1, through: 0, by: -1) {
                lengths[i * columns + j] = new[i] == old[j]
                    ? lengths[(i + 1) * columns + j + 1] + 1
                    : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
            }
        }
        var kept: Set<Int> = []
        var (i, j) = (0, 0)
        while i < new.count && j < old.count {
            if new[i] == old[j] {
                kept.insert(i)
                (i, j) = (i + 1, j + 1)
            } else if lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1] {
                i += 1
            } else {
                j += 1
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
