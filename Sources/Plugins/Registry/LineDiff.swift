/// A line diff of two renderings, as `diff -u` shows one without its headers: the lines
/// removed (`- `) and added (`+ `), each run of changes with up to `context` unchanged lines
/// around it (`  `), and `…` between runs that are far apart. Pure.
public enum LineDiff {
    /// Beyond this many line pairs the longest-common-subsequence table costs more than the
    /// diff is worth; lines are then compared position by position.
    static let tableLimit = 4_000_000

    public enum Line: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// `old` to `new`, line by line, in order.
    public static func lines<S: StringProtocol>(from old: [S], to new: [S]) -> [Line] {
        guard old.count * new.count <= tableLimit else {
            return (0..<max(old.count, new.count)).flatMap { index -> [Line] in
                let (before, after) = (index < old.count ? old[index] : nil, index < new.count ? new[index] : nil)
                if before == after, let before { return [.same(String(before))] }
                return (before.map { [Line.removed(String($0))] } ?? []) + (after.map { [Line.added(String($0))] } ?? [])
            }
        }
        // lengths[i][j]: the LCS length of old[i...] and new[j...].
        let columns = new.count + 1
        var lengths = [Int](repeating: 0, count: (old.count + 1) * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * columns + j] = old[i] == new[j] ? lengths[(i + 1) * columns + j + 1] + 1
                    : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
            }
        }
        var out: [Line] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                out.append(.same(String(old[i])))
                (i, j) = (i + 1, j + 1)
            } else if j < new.count, i == old.count || lengths[i * columns + j + 1] > lengths[(i + 1) * columns + j] {
                // A tie removes first, as diff -u shows a changed line: the old, then the new.
                out.append(.added(String(new[j])))
                j += 1
            } else {
                out.append(.removed(String(old[i])))
                i += 1
            }
        }
        return out
    }

    /// The changed lines of `lines` with `context` lines around each run, as text lines.
    public static func hunks(_ lines: [Line], context: Int = 2) -> [String] {
        let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
        var shown = Set<Int>()
        for index in changed { shown.formUnion(max(0, index - context)...min(lines.count - 1, index + context)) }
        var out: [String] = []
        var last: Int?
        for index in shown.sorted() {
            if let last, index > last + 1 { out.append("…") }
            switch lines[index] {
            case .same(let text): out.append("  " + text)
            case .removed(let text): out.append("- " + text)
            case .added(let text): out.append("+ " + text)
            }
            last = index
        }
        return out
    }
}
