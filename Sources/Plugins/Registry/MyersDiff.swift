/// Myers' O(ND) difference algorithm in linear space (its middle snake, found from both ends
/// and recursed on): the shortest edit from one sequence to another in time that grows with
/// the size of the difference and memory that grows with the lengths only, where a
/// longest-common-subsequence table grows with their product. Pure.
enum MyersDiff {
    /// For each element of `old` and `new`, in order, whether it is kept, removed or added:
    /// one of the shortest edits. Within a run of changes, the removed come first, as
    /// `diff -u` shows a changed line: the old, then the new.
    static func edit<Element: Equatable>(from old: [Element], to new: [Element]) -> [(kind: Kind, index: Int)] {
        var steps: [(kind: Kind, index: Int)] = []
        steps.reserveCapacity(old.count + new.count)
        var search = Search(old: old, new: new)
        search.diff(0, old.count, 0, new.count, into: &steps)
        return removalsFirst(steps)
    }

    enum Kind: Equatable { case same, removed, added }

    /// Each run of changes as its removals, then its additions.
    private static func removalsFirst(_ steps: [(kind: Kind, index: Int)]) -> [(kind: Kind, index: Int)] {
        var out: [(kind: Kind, index: Int)] = []
        out.reserveCapacity(steps.count)
        var added: [(kind: Kind, index: Int)] = []
        for step in steps {
            switch step.kind {
            case .same:
                out += added
                added.removeAll(keepingCapacity: true)
                out.append(step)
            case .removed: out.append(step)
            case .added: added.append(step)
            }
        }
        return out + added
    }

    private struct Search<Element: Equatable> {
        let old: [Element]
        let new: [Element]
        /// The furthest x on each diagonal, forward and backward, reused by every call.
        var forward: [Int] = []
        var backward: [Int] = []
        /// The diagonal steps left to take: two unrelated texts of 100,000 lines would take
        /// ten billion. Past it, what is left is edited whole (removed, then added).
        var budget = 20_000_000

        init(old: [Element], new: [Element]) {
            self.old = old
            self.new = new
            let size = old.count + new.count + 3
            forward = [Int](repeating: 0, count: 2 * size)
            backward = [Int](repeating: 0, count: 2 * size)
        }

        /// The edit of `old[a0..<a1]` into `new[b0..<b1]`, appended to `steps`.
        mutating func diff(_ a0: Int, _ a1: Int, _ b0: Int, _ b1: Int, into steps: inout [(kind: Kind, index: Int)]) {
            var (a0, a1, b0, b1) = (a0, a1, b0, b1)
            // What both ends share is kept, with no search.
            while a0 < a1, b0 < b1, old[a0] == new[b0] {
                steps.append((.same, a0))
                (a0, b0) = (a0 + 1, b0 + 1)
            }
            var shared = 0
            while a1 > a0, b1 > b0, old[a1 - 1] == new[b1 - 1] {
                (a1, b1) = (a1 - 1, b1 - 1)
                shared += 1
            }
            if a0 == a1 {
                for index in b0..<b1 { steps.append((.added, index)) }
            } else if b0 == b1 {
                for index in a0..<a1 { steps.append((.removed, index)) }
            } else if let (x, y, u, v) = middleSnake(a0, a1, b0, b1),
                      // Both halves smaller than the whole, as Myers' proof has them.
                      x - a0 + y - b0 < a1 - a0 + b1 - b0, a1 - u + b1 - v < a1 - a0 + b1 - b0 {
                diff(a0, x, b0, y, into: &steps)
                for index in x..<u { steps.append((.same, index)) }
                diff(u, a1, v, b1, into: &steps)
            } else {
                for index in a0..<a1 { steps.append((.removed, index)) }
                for index in b0..<b1 { steps.append((.added, index)) }
            }
            for index in a1..<(a1 + shared) { steps.append((.same, index)) }
        }

        /// The middle snake of the edit of `old[a0..<a1]` into `new[b0..<b1]` (both non-empty,
        /// with no shared first or last element): from (x, y) to (u, v), in absolute indices;
        /// nil once the budget is spent.
        mutating func middleSnake(_ a0: Int, _ a1: Int, _ b0: Int, _ b1: Int) -> (Int, Int, Int, Int)? {
            let n = a1 - a0, m = b1 - b0
            let delta = n - m
            let odd = delta & 1 != 0
            let limit = (n + m + 1) / 2
            // Diagonal k is at offset k + base in both arrays.
            let base = limit + 1
            forward[base + 1] = 0
            backward[base + 1] = 0
            for d in 0...limit {
                budget -= 2 * d + 2
                if budget < 0 { return nil }
                for k in stride(from: -d, through: d, by: 2) {
                    var x = k == -d || (k != d && forward[base + k - 1] < forward[base + k + 1]) ? forward[base + k + 1] : forward[base + k - 1] + 1
                    var y = x - k
                    let (startX, startY) = (x, y)
                    while x < n, y < m, old[a0 + x] == new[b0 + y] { (x, y) = (x + 1, y + 1) }
                    forward[base + k] = x
                    // The backward path on diagonal delta - k, reversed: it has come x' from the end.
                    let reverse = delta - k
                    if odd, reverse >= -(d - 1), reverse <= d - 1, x + backward[base + reverse] >= n {
                        return (a0 + startX, b0 + startY, a0 + x, b0 + y)
                    }
                }
                for k in stride(from: -d, through: d, by: 2) {
                    var x = k == -d || (k != d && backward[base + k - 1] < backward[base + k + 1]) ? backward[base + k + 1] : backward[base + k - 1] + 1
                    var y = x - k
                    let (startX, startY) = (x, y)
                    while x < n, y < m, old[a1 - 1 - x] == new[b1 - 1 - y] { (x, y) = (x + 1, y + 1) }
                    backward[base + k] = x
                    let ahead = delta - k
                    if !odd, ahead >= -d, ahead <= d, x + forward[base + ahead] >= n {
                        return (a1 - x, b1 - y, a1 - startX, b1 - startY)
                    }
                }
            }
            // Unreachable: the paths meet by d = limit.
            return nil
        }
    }
}
