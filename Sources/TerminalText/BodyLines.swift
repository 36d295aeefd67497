/// Lines of a text's UTF-8, found without making a `String` of each.
package enum BodyLines {
    /// Where the first line that is not blank lies: lines end at `\n`, `\r\n` or `\r`, and a
    /// blank one holds nothing but whitespace characters (those whose first scalar is
    /// whitespace, as `Character.isWhitespace` has it). Nil when every line is blank.
    ///
    /// `text` must be valid UTF-8.
    package static func firstNonBlank(in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var start = 0
        while start < text.count {
            let end = ASCIIText.lineEnd(text, from: start)
            var first = start
            while first < end && text[first] < 0x80 && ScalarClass(UInt32(text[first])).contains(.whitespace) { first += 1 }
            // An ASCII byte that is not whitespace starts a character, or follows a prepended
            // mark that starts one: either way, a character that is not whitespace. A
            // non-ASCII one needs the line's characters.
            if first < end && (text[first] < 0x80 || !isBlank(UnsafeBufferPointer(rebasing: text[start..<end]))) {
                return start..<end
            }
            start = end + 1
        }
        return nil
    }

    /// Whether every character of `line`, which holds no line break, starts with whitespace.
    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        // A line starts after a line break, where a character always starts: a fresh
        // recognizer groups it as the whole text's `Character`s do.
        var recognizer = Unicode._CharacterRecognizer()
        var index = 0
        while index < line.count {
            let (value, length) = UTF8Scalars.decode(line, at: index)
            if recognizer.hasBreak(before: Unicode.Scalar(value).unsafelyUnwrapped),
               !ScalarClass(value).contains(.whitespace) {
                return false
            }
            index += length
        }
        return true
    }
}
