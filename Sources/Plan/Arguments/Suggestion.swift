/// "Did you mean …?" for a name typed wrong: an option, a sources-file key, a source, a plugin.
///
/// Names are compared by edit distance, as git's suggestions are: insertions, deletions,
/// substitutions and swaps of two neighbouring characters each count one (Damerau–Levenshtein,
/// in its optimal string alignment form), case aside. A candidate is offered only when it is
/// near enough for the typo to be plausible: at most one edit per two characters typed, and
/// never more than three, so `--xyz` suggests nothing rather than `--url`.
package enum Suggestion {
    /// The candidate nearest to `word`, the first of equals; nil when none is near enough or
    /// `word` is a candidate itself.
    package static func nearest(to word: String, among candidates: [String]) -> String? {
        guard !candidates.contains(word) else { return nil }
        let limit = min(3, max(1, word.count / 2))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = distance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// `did you mean interval?` (with `prefix` before the name, such as `--`), or nil.
    package static func didYouMean(_ word: String, among candidates: [String], prefix: String = "") -> String? {
        nearest(to: word, among: candidates).map { "did you mean \(prefix)\($0)?" }
    }

    /// `unknown plugin "tabel" (did you mean table?)`, or without the question when no
    /// candidate is near: the start of a message about a name nothing answers to.
    package static func unknown(_ kind: String, _ name: String, among candidates: [String]) -> String {
        "unknown \(kind) \"\(name)\"" + (didYouMean(name, among: candidates).map { " (\($0))" } ?? "")
    }

    /// The number of edits from `source` to `target`: insertions, deletions, substitutions
    /// and transpositions of neighbours, each substring edited once.
    package static func distance(_ source: String, _ target: String) -> Int {
        let a = Array(source), b = Array(target)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rows of the table: two back (for a swap), the last, and the one being made.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
