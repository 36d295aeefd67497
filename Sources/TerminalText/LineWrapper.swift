/// Breaks one paragraph into lines of at most `width` columns as `TerminalText.wrap` describes,
/// optionally making it safe first as `UntrustedText.forTerminal` does, in one pass over its
/// UTF-8: the lines are handed over one at a time as bytes, with no `String` per line or per
/// word.
///
/// - Plain ASCII (printable, spaces, tabs and newlines), which most text is, goes a byte at a
///   time: a column a byte, a word a run of bytes.
/// - Anything else goes a scalar at a time: each made safe, grouped into grapheme clusters
///   exactly as `Character` groups them (by the standard library's own recognizer), and each
///   cluster measured by `ClusterWidth`'s table lookups.
///
/// A render keeps one and wraps field after field with it, so its buffers are allocated once.
package struct LineWrapper {
    private typealias Take = (UnsafeBufferPointer<UInt8>) -> Void

    private var lines = Lines()
    /// The word being gathered (scalar path): its bytes, made safe, and where each of its
    /// clusters ends and how wide it is, for breaking a word wider than a line.
    private var word: [UInt8] = []
    private var wordWidth = 0
    private var clusterEnds: [Int] = []
    private var clusterWidths: [Int] = []

    package init() {}

    /// Hands `take` each line of `text` wrapped to `width` columns (at least 1), as
    /// `TerminalText.wrap` describes: words break at spaces, tabs and newlines, a run of them
    /// becomes one space, and a word wider than a line is broken between clusters. With
    /// `sanitising`, the text is first made safe as `UntrustedText.forTerminal` makes it.
    /// Empty text is one empty line.
    ///
    /// `text` must be valid UTF-8, as the bytes of a `String` are.
    package mutating func wrap(_ text: UnsafeBufferPointer<UInt8>, width: Int, sanitising: Bool,
                       _ take: (UnsafeBufferPointer<UInt8>) -> Void) {
        let width = max(width, 1)
        lines.reset()
        if ASCIIText.isPlain(text) {
            wrapPlain(text, width: width, take)
        } else {
            wrapScalars(text, width: width, sanitising: sanitising, take)
        }
        lines.finish(take)
    }

    /// Plain ASCII: every byte is a cluster of one column, and a word is a run of bytes of
    /// the text itself.
    private mutating func wrapPlain(_ text: UnsafeBufferPointer<UInt8>, width: Int, _ take: Take) {
        var index = 0
        let count = text.count
        while index < count {
            // Plain text's only bytes at or below a space are the space, tab and newline.
            if text[index] <= 0x20 {
                index += 1
                continue
            }
            let end = ASCIIText.wordEnd(text, from: index + 1)
            var start = index
            index = end
            if lines.place(UnsafeBufferPointer(rebasing: text[start..<end]), columns: end - start, width: width, inText: true, take) {
                continue
            }
            // Wider than a line: cut at every `width` columns.
            while end - start > width {
                lines.emit(UnsafeBufferPointer(rebasing: text[start..<start + width]), take)
                start += width
            }
            lines.start(UnsafeBufferPointer(rebasing: text[start..<end]), columns: end - start, inText: true)
        }
    }

    /// Anything else: scalar by scalar, made safe, grouped into clusters and measured.
    private mutating func wrapScalars(_ text: UnsafeBufferPointer<UInt8>, width: Int, sanitising: Bool, _ take: Take) {
        resetWord()
        // The recognizer String's own Characters come from (public, if underscored, since
        // Swift 5.9): clusters here are exactly the Characters the text would have.
        var recognizer = Unicode._CharacterRecognizer()
        var cluster = ClusterWidth()
        var index = 0
        while index < text.count {
            var (value, length) = UTF8Scalars.decode(text, at: index)
            var replaced = false
            if sanitising && UntrustedText.isUnsafe(value) {
                // `\r\n` becomes `\n`: the `\r` goes.
                if value == 0x0D && index + 1 < text.count && text[index + 1] == 0x0A {
                    index += 1
                    continue
                }
                value = UntrustedText.shown(value)
                replaced = true
            }
            let classes = ScalarClass(value)
            // Decoded from valid UTF-8, or a replacement: a valid scalar either way.
            if recognizer.hasBreak(before: Unicode.Scalar(value).unsafelyUnwrapped) {
                endCluster(cluster, width: width, take)
                cluster.start(value, classes)
            } else {
                cluster.extend(value, classes)
            }
            if replaced {
                UTF8Scalars.append(value, to: &word)
            } else {
                word.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<index + length]))
            }
            index += length
        }
        endCluster(cluster, width: width, take)
        endWord(width: width, take)
    }

    /// A cluster has ended: a separator ends the word; anything else is part of it.
    private mutating func endCluster(_ cluster: ClusterWidth, width: Int, _ take: Take) {
        guard cluster.count > 0 else { return }
        if cluster.isWordSeparator {
            word.removeLast()
            endWord(width: width, take)
            return
        }
        let columns = cluster.width
        wordWidth += columns
        clusterEnds.append(word.count)
        clusterWidths.append(columns)
    }

    /// The gathered word onto the line, or onto lines of its own when wider than a line.
    private mutating func endWord(width: Int, _ take: Take) {
        defer { resetWord() }
        guard !clusterEnds.isEmpty else { return }
        word.withUnsafeBufferPointer { word in
            if lines.place(word, columns: wordWidth, width: width, inText: false, take) { return }
            // Wider than a line: break it between clusters. Each line takes at least one
            // cluster, so a double-width one cannot stall a 1-column wrap.
            var start = 0
            var clusterStart = 0
            var columnsSoFar = 0
            for (end, columns) in zip(clusterEnds, clusterWidths) {
                if columnsSoFar + columns > width && clusterStart > start {
                    lines.emit(UnsafeBufferPointer(rebasing: word[start..<clusterStart]), take)
                    start = clusterStart
                    columnsSoFar = 0
                }
                columnsSoFar += columns
                clusterStart = end
            }
            lines.start(UnsafeBufferPointer(rebasing: word[start...]), columns: columnsSoFar, inText: false)
        }
    }

    private mutating func resetWord() {
        word.removeAll(keepingCapacity: true)
        wordWidth = 0
        clusterEnds.removeAll(keepingCapacity: true)
        clusterWidths.removeAll(keepingCapacity: true)
    }
}
