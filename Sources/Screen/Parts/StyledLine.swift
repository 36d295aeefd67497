import TerminalText

/// One line of rendered content as a terminal takes it: runs of text, and the escape sequences
/// (`ESC [ … m` styling, mostly) between them that take no column.
package enum StyledLine {
    /// A run of text, or one escape sequence.
    package enum Piece: Equatable {
        case text(Substring)
        /// `sgr` holds the parameters of a `Select Graphic Rendition` sequence (`1;31` in
        /// `ESC[1;31m`); nil for any other sequence.
        case escape(Substring, sgr: Substring?)
    }

    /// A character on screen: where it starts, in display columns from 0, and how many it takes.
    package struct Cell: Equatable {
        package var character: Character
        package var column: Int
        package var width: Int
    }

    /// `line` cut into text and escape sequences. A CSI sequence runs from `ESC [` to its
    /// final byte (`@` to `~`); any other `ESC` takes the one scalar after it.
    package static func pieces(_ line: String) -> [Piece] {
        guard line.utf8.contains(0x1B) else { return line.isEmpty ? [] : [.text(line[...])] }
        var pieces: [Piece] = []
        let scalars = line.unicodeScalars
        // By scalars, not `line[range]`, which rounds to characters: a combining mark after an
        // escape's final byte would otherwise pull the text into the escape.
        func slice(_ range: Range<String.Index>) -> Substring { Substring(scalars[range]) }
        var textStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard scalars[index] == "\u{1B}" else {
                index = scalars.index(after: index)
                continue
            }
            if textStart < index { pieces.append(.text(slice(textStart..<index))) }
            let start = index
            index = scalars.index(after: index)
            var sgr: Substring?
            if index < scalars.endIndex, scalars[index] == "[" {
                index = scalars.index(after: index)
                let parameters = index
                while index < scalars.endIndex, !(0x40...0x7E).contains(scalars[index].value) { index = scalars.index(after: index) }
                if index < scalars.endIndex {
                    if scalars[index] == "m" { sgr = slice(parameters..<index) }
                    index = scalars.index(after: index)
                }
            } else if index < scalars.endIndex {
                index = scalars.index(after: index)
            }
            pieces.append(.escape(slice(start..<index), sgr: sgr))
            textStart = index
        }
        if textStart < scalars.endIndex { pieces.append(.text(slice(textStart..<scalars.endIndex))) }
        return pieces
    }

    /// The characters `line` shows, each with its column: what a search matches against.
    package static func cells(_ line: String) -> [Cell] {
        var cells: [Cell] = []
        var column = 0
        for case .text(let text) in pieces(line) {
            for character in text {
                let width = width(of: character)
                cells.append(Cell(character: character, column: column, width: width))
                column += width
            }
        }
        return cells
    }

    /// `line` with no more than `columns` columns of text, its escape sequences kept (those
    /// after the cut too, so a style opened before it is closed): with autowrap off, a row that
    /// ran over would have every extra character land in the last column.
    package static func clipped(_ line: String, toWidth columns: Int) -> String {
        guard !TerminalText.certainlyFits(line, in: columns), TerminalText.styledWidth(line) > columns else { return line }
        var out = ""
        var used = 0
        for piece in pieces(line) {
            switch piece {
            case .escape(let sequence, _):
                out += sequence
            case .text(let text):
                for character in text where used < columns {
                    let width = width(of: character)
                    if used + width > columns {
                        used = columns
                        break
                    }
                    out.append(character)
                    used += width
                }
            }
        }
        return out
    }

    /// Columns `character` takes, as `TerminalText` counts them; printable ASCII without a lookup.
    package static func width(of character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        return TerminalText.displayWidth(String(character))
    }
}
