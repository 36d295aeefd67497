import LoadCore

/// Where a value stands in a JSON document, as jq names it: `.users[3].address.street`.
/// The explorer keeps its folds and its cursor by path, so that they survive a new version
/// of the document, and copies and jumps to paths in jq's syntax.
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    package enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    package var steps: [Step]

    package init(_ steps: [Step] = []) {
        self.steps = steps
    }

    /// The document itself.
    package static let root = JSONPath()

    package var description: String { jq }

    /// The path in jq's syntax: `.` for the document, `.a.b[0]`, and `.["a b"]` for a key
    /// that is not an identifier (quoted and escaped as a JSON string, which jq reads back).
    package var jq: String {
        guard !steps.isEmpty else { return "." }
        var out = ""
        for step in steps {
            switch step {
            case .index(let index): out += "[\(index)]"
            case .key(let key): out += Self.isIdentifier(key) ? "." + key : ".[" + JSONText.quoted(key) + "]"
            }
        }
        return out.hasPrefix("[") ? "." + out : out
    }

    /// Whether jq takes `key` after a dot as it is: a letter or `_`, then letters, digits or `_`.
    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// This path one step further.
    package func appending(_ step: Step) -> JSONPath { JSONPath(steps + [step]) }

    /// The path as a user types it: `.users[3].address`, `users[3]`, `.["a b"][0]`,
    /// `."a b"`, `.a.b`, `.`; nil when it is no path.
    package static func parse(_ text: String) -> JSONPath? {
        var reader = Reader(Array(text.trimmingCharacters(in: " \t").unicodeScalars))
        return reader.path()
    }

    /// Reads a path a scalar at a time.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var at = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var next: Unicode.Scalar? { at < scalars.count ? scalars[at] : nil }

        mutating func path() -> JSONPath? {
            var steps: [Step] = []
            guard !scalars.isEmpty else { return nil }
            if next == "." {
                at += 1
                if next == nil { return .root }
            }
            // The first step may be a bare key (`users[3]`), as after a dot.
            var afterDot = true
            while let scalar = next {
                if scalar == "[" {
                    at += 1
                    guard let step = bracketed() else { return nil }
                    steps.append(step)
                    afterDot = false
                } else if scalar == "." {
                    guard !afterDot else { return nil }
                    at += 1
                    afterDot = true
                } else if afterDot, scalar == "\"" {
                    guard let key = quoted() else { return nil }
                    steps.append(.key(key))
                    afterDot = false
                } else if afterDot {
                    let start = at
                    while let character = next, character != ".", character != "[" { at += 1 }
                    let key = String(String.UnicodeScalarView(scalars[start..<at]))
                    guard isIdentifier(key) else { return nil }
                    steps.append(.key(key))
                    afterDot = false
                } else {
                    return nil
                }
            }
            return afterDot && !steps.isEmpty ? nil : JSONPath(steps)
        }

        /// `[3]` or `["key"]`, after its `[`.
        mutating func bracketed() -> Step? {
            let step: Step
            if next == "\"" {
                guard let key = quoted() else { return nil }
                step = .key(key)
            } else {
                let start = at
                while let scalar = next, ("0"..."9").contains(scalar) { at += 1 }
                guard at > start, let index = Int(String(String.UnicodeScalarView(scalars[start..<at]))) else { return nil }
                step = .index(index)
            }
            guard next == "]" else { return nil }
            at += 1
            return step
        }

        /// A JSON string, from its opening quote: `\"`, `\\`, `\n`, `\t`, `\uXXXX` and the rest.
        mutating func quoted() -> String? {
            at += 1
            var out = String.UnicodeScalarView()
            while let scalar = next {
                at += 1
                if scalar == "\"" { return String(out) }
                guard scalar == "\\" else { out.append(scalar); continue }
                guard let escaped = next else { return nil }
                at += 1
                switch escaped {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "b": out.append("\u{8}")
                case "f": out.append("\u{C}")
                case "u":
                    guard at + 4 <= scalars.count, let value = UInt32(String(String.UnicodeScalarView(scalars[at..<at + 4])), radix: 16),
                          let decoded = Unicode.Scalar(value) else { return nil }
                    out.append(decoded)
                    at += 4
                default: out.append(escaped)
                }
            }
            return nil
        }

        private func isIdentifier(_ key: String) -> Bool { JSONPath.isIdentifier(key) }
    }
}
