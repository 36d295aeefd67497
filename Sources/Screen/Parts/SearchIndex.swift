#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `/` searches in a pane, taken once from its lines: each line's visible text (its
/// styling escapes left out), folded to lowercase, in one buffer. A search scans bytes here
/// instead of taking every line apart into characters again, per keystroke.
///
/// On a "simple" line (most lines: ASCII, and letters and punctuation beyond it) each scalar
/// is a character, so a match in the buffer is a match; columns are found again only for the
/// lines drawn (`SearchMatches.columns(in:)`). On any other line the buffer only says
/// where a match may be, and `SearchMatches` looks again at the line itself, character by
/// character: folding a character beyond ASCII may change its length, and a byte match may
/// fall inside a character (an `e` in `é` written with a combining mark).
package struct SearchIndex {
    /// The folded text of every line, each followed by a line feed, which no line holds: a
    /// match never runs from one line into the next.
    private(set) var text: [UInt8] = []
    /// Where each line starts in `text`, and where the last one ends: `lineCount + 1` entries.
    private(set) var starts: [Int] = [0]
    /// Whether each line is simple: once its escapes are left out, each of its scalars is a
    /// character (`standsAlone`) that folds to one scalar, so that a match of bytes there is
    /// a match of characters.
    private(set) var simple: [Bool] = []

    /// What was found of the scalars beyond ASCII met so far.
    private var memo = ScalarMemo()

    package var lineCount: Int { simple.count }

    /// Whether `scalar` is a character by itself whatever stands beside it, when what stands
    /// beside it is ASCII or such a scalar too: a letter, digit, punctuation, a symbol that is
    /// no emoji, a space. Marks, joiners, Hangul jamo, emoji and the few letters that join
    /// the next (Prepend) or the one before (SpacingMark) are not.
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0x0E33, 0x0EB3, 0x0D4E, 0x111C2...0x111C3, 0x1193F, 0x11941,
             0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02, 0x1F3FB...0x1F3FF:
            return false
        default:
            break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber,
             .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .spaceSeparator:
            return !scalar.properties.isGraphemeExtend
        default:
            return false
        }
    }

    /// The index of `lines`, as a pane shows them.
    package init(lines: [String]) {
        extend(with: lines, upTo: lines.count)
    }

    /// An index of no line yet, to extend a slice at a time.
    package init() {}

    /// Indexes `lines` from the first not yet indexed to `end`: a pane indexes a huge list a
    /// slice at a time, letting keys through between slices.
    package mutating func extend(with lines: [String], upTo end: Int) {
        guard end > lineCount else { return }
        simple.reserveCapacity(lines.count)
        starts.reserveCapacity(lines.count + 1)
        for line in lines[lineCount..<end] { append(line) }
    }

    private mutating func append(_ line: String) {
        let start = text.count
        if Self.appendSimple(line, to: &text, memo: &memo) {
            simple.append(true)
        } else {
            text.removeSubrange(start...)
            for cell in StyledLine.cells(line) { text.append(contentsOf: SearchMatches.fold(cell.character, caseSensitive: false).utf8) }
            simple.append(false)
        }
        text.append(0x0A)
        starts.append(text.count)
    }

    /// Appends the visible bytes of `line`, folded unless `folding` is false, if it is simple;
    /// returns false (and leaves what it appended) at the first byte that makes it not.
    /// Escapes are skipped as `StyledLine.pieces` cuts them: `ESC [` to a final byte from `@`
    /// to `~`, or `ESC` and the one character after it.
    @discardableResult
    static func appendSimple(_ line: String, to out: inout [UInt8], folding: Bool = true, memo: inout ScalarMemo) -> Bool {
        var line = line
        // A no-op for a native string; a bridged one is made contiguous once.
        line.makeContiguousUTF8()
        return line.utf8.withContiguousStorageIfAvailable { appendSimple($0, to: &out, folding: folding, memo: &memo) } ?? false
    }

    private static func appendSimple(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], folding: Bool,
                                     memo: inout ScalarMemo) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            // A run of plain ASCII, most of a line: copied whole, then folded in place.
            var end = index
            while end < count, bytes[end] < 0x80, bytes[end] != 0x1B { end += 1 }
            if end > index {
                let start = out.count
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                if folding { fold(&out, from: start) }
                index = end
                continue
            }
            let byte = bytes[index]
            if byte == 0x1B {
                index += 1
                guard index < count else { break }
                if bytes[index] == UInt8(ascii: "[") {
                    index += 1
                    while index < count, !(0x40...0x7E).contains(bytes[index]) {
                        guard bytes[index] < 0x80 else { return false }
                        index += 1
                    }
                    index += 1
                } else {
                    guard bytes[index] < 0x80 else { return false }
                    index += 1
                }
                continue
            }
            // Beyond ASCII: one scalar, from its UTF-8 (a Swift string's is always valid).
            let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            guard index + length <= count else { return false }
            var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for next in 1..<length { value = value << 6 | UInt32(bytes[index + next] & 0x3F) }
            guard let scalar = Unicode.Scalar(value), let folded = memo.folded(scalar) else { return false }
            if folding {
                out.append(contentsOf: folded.utf8)
            } else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
            }
            index += length
        }
        return true
    }

    /// Lowercases the ASCII letters of `bytes` from `start` on.
    private static func fold(_ bytes: inout [UInt8], from start: Int) {
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in start..<buffer.count {
                let byte = buffer[index]
                // Branch-free, so that the loop runs many bytes at a time.
                buffer[index] = byte &+ ((byte &- 0x41) < 26 ? 0x20 : 0)
            }
        }
    }

    /// Counts the non-overlapping places `needle` shows in line `line` of the folded text, left
    /// to right, as `SearchMatches` counts them.
    func count(_ needle: [UInt8], inLine line: Int) -> Int {
        text.withUnsafeBufferPointer { buffer in
            Self.count(needle, in: UnsafeBufferPointer(rebasing: buffer[starts[line]..<(starts[line + 1] - 1)]))
        }
    }

    /// Counts the non-overlapping places `needle` (not empty) shows in `haystack`: by `memchr`
    /// for its first byte, which scans many bytes at a time, then the rest compared.
    static func count(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = haystack.baseAddress, haystack.count >= needle.count else { return 0 }
        return needle.withUnsafeBufferPointer { needleBytes in
            let first = Int32(needleBytes[0])
            let length = needleBytes.count
            var found = 0
            var position = 0
            while haystack.count - position >= length {
                guard let hit = memchr(base + position, first, haystack.count - position - length + 1) else { break }
                let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if length == 1 || memcmp(base + offset + 1, needleBytes.baseAddress! + 1, length - 1) == 0 {
                    found += 1
                    position = offset + length
                } else {
                    position = offset + 1
                }
            }
            return found
        }
    }
}

/// What `SearchIndex.standsAlone` and folding said of the scalars beyond ASCII met so far:
/// a table repeats its few (`…`, `–`) on every row, and Unicode's tables are slow to ask.
struct ScalarMemo {
    /// By the scalar's low bits; empty until a scalar beyond ASCII comes, as most lines have none.
    private var keys: [UInt32] = []
    private var values: [UInt32] = []

    /// What `scalar` folds to, if it stands alone and folds to one scalar (İ folds to i and a
    /// dot: a byte there is not a character); nil if not.
    mutating func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if keys.isEmpty { (keys, values) = (Array(repeating: .max, count: 64), Array(repeating: .max, count: 64)) }
        let slot = Int(scalar.value & 63)
        if keys[slot] != scalar.value {
            keys[slot] = scalar.value
            let folded = SearchMatches.fold(Character(scalar), caseSensitive: false).unicodeScalars
            values[slot] = SearchIndex.standsAlone(scalar) && folded.count == 1 ? folded.first!.value : .max
        }
        return values[slot] == .max ? nil : Unicode.Scalar(values[slot])
    }
}
