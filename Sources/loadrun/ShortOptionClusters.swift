/// curl's short options as curl reads them, for a parser that takes `-u VALUE` and `-qv`
/// only: a value attached to its letter (`-ualice:PW`, `-H'Accept: x'`, `-XPOST`), and letters
/// grouped in one word (`-qv`, `-ku alice:PW`, `-qualice:PW`), the last of which may take a
/// value, attached or in the next word. Each such word becomes the long options it means
/// (`--user=alice:PW`), which the parser reads whatever the value looks like, and which no
/// message quotes with the value: an unknown letter is said alone (`-Z`), never with what
/// follows it.
enum ShortOptionClusters {
    /// The short options that take a value, by letter, with their long names.
    static let valued: [Character: String] = ["H": "--header", "u": "--user", "X": "--request", "d": "--data", "A": "--user-agent",
                                               "b": "--cookie", "c": "--cookie-jar", "o": "--output-file", "C": "--continue-at", "x": "--proxy", "w": "--write-out",
                                               "F": "--form", "T": "--upload-file"]
    /// The short flags.
    static let flags: Set<Character> = ["v", "q", "i", "I", "k", "O", "s", "L", "f"]

    /// One option of a cluster: its letter, and the value attached to it, if it takes one and
    /// one is there (`alice:PW` in `-ualice:PW`); where the value begins in the word, in UTF-8
    /// bytes.
    struct Piece: Equatable {
        var letter: Character
        var value: Substring?
        var valueOffset: Int?
        /// A letter loadrun has no short option for: the word is not read past it.
        var isUnknown = false
        var takesValue: Bool { ShortOptionClusters.valued[letter] != nil }
    }

    /// The pieces of `word` when it is a cluster to take apart (a single dash, and more than
    /// one letter, or a value attached); nil for anything else (`-u`, `--user`, `-1`, `-`).
    static func pieces(of word: String) -> [Piece]? {
        guard word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 2 else { return nil }
        let letters = word.dropFirst()
        guard let first = letters.first, first.isLetter else { return nil }
        var pieces: [Piece] = []
        var index = letters.startIndex
        while index < letters.endIndex {
            let letter = letters[index]
            let next = letters.index(after: index)
            if valued[letter] != nil {
                let value = letters[next...]
                let offset = word.utf8.distance(from: word.startIndex, to: next)
                pieces.append(Piece(letter: letter, value: value.isEmpty ? nil : value, valueOffset: value.isEmpty ? nil : offset))
                return pieces
            }
            guard flags.contains(letter) else {
                pieces.append(Piece(letter: letter, isUnknown: true))
                return pieces
            }
            pieces.append(Piece(letter: letter))
            index = next
        }
        return pieces
    }

    /// `arguments` with each cluster taken apart into the long options it means; a valued
    /// letter that ends its cluster takes the next word. Words from `--` on are left alone.
    static func separated(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                result += arguments[index...]
                break
            }
            index += 1
            // Flags alone (`-vv`, `-kq`) the parser reads as they are.
            guard let pieces = pieces(of: argument), pieces.contains(where: { $0.isUnknown || $0.takesValue }) else {
                result.append(argument)
                continue
            }
            for piece in pieces {
                if piece.isUnknown {
                    result.append("-\(piece.letter)")
                } else if let long = valued[piece.letter] {
                    if let value = piece.value {
                        result.append("\(long)=\(value)")
                    } else if index < arguments.count {
                        result.append("\(long)=\(arguments[index])")
                        index += 1
                    } else {
                        result.append(long)
                    }
                } else {
                    result.append("-\(piece.letter)")
                }
            }
        }
        return result
    }
}
