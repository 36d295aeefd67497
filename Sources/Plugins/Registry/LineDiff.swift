/// A line diff of two renderings, as `diff -u` shows one without its headers: the lines
/// removed (`- `) and added (`+ `), each run of changes with up to `context` unchanged lines
/// around it (`  `), and `…` between runs that are far apart. Pure.
public enum LineDiff {
    public enum Line: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// `old` to `new`, line by line, in order: one of the shortest edits (Myers'), in memory
    /// that grows with the lengths, so that one line inserted in 4,000 is one line added.
    public static func lines<S: StringProtocol>(from old: [S], to new: [S]) -> [Line] {
        MyersDiff.edit(from: old, to: new).map { step in
            switch step.kind {
            case .same: .same(String(old[step.index]))
            case .removed: .removed(String(old[step.index]))
            case .added: .added(String(new[step.index]))
            }
        }
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
