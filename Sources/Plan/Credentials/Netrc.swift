/// A `.netrc` file, read as curl (7.84 and later, `lib/netrc.c`) reads it: a value, parsed
/// from text, with no I/O.
///
/// - Tokens are separated by blanks and newlines; keywords are `machine NAME`, `default`,
///   `login NAME`, `password PW`, `account X` (ignored) and `macdef NAME`, whose macro runs to
///   the next blank line and is skipped.
/// - A token may be quoted, `"a b"`, with `\"`, `\\`, `\n`, `\r` and `\t` inside; a token
///   starting with `#` starts a comment that runs to the end of its line.
/// - The first `machine` whose name is the host (in any case) answers; else `default`.
package struct Netrc: Equatable {
    /// One `machine` or `default` entry.
    package struct Entry: Equatable {
        /// nil for `default`.
        package var machine: String?
        package var login: String?
        package var password: String?

        package init(machine: String?, login: String? = nil, password: String? = nil) {
            self.machine = machine
            self.login = login
            self.password = password
        }
    }

    package var entries: [Entry]

    package init(entries: [Entry]) { self.entries = entries }

    /// The file's entries, or what is wrong with it (a quote left open, a keyword with no
    /// value), with its line.
    package static func parse(_ text: String) -> Result<Netrc, NetrcProblem> {
        var tokens = NetrcTokens(text)
        var entries: [Entry] = []
        func value(after keyword: String) throws(NetrcProblem) -> String {
            guard let token = try tokens.next() else {
                throw NetrcProblem(line: tokens.line, message: "\(keyword) has no value")
            }
            return token
        }
        do {
            while let token = try tokens.next() {
                switch token.lowercased() {
                case "machine": entries.append(Entry(machine: try value(after: "machine")))
                case "default": entries.append(Entry(machine: nil))
                case "login":
                    let login = try value(after: "login")
                    if !entries.isEmpty { entries[entries.count - 1].login = login }
                case "password":
                    let password = try value(after: "password")
                    if !entries.isEmpty { entries[entries.count - 1].password = password }
                case "account": _ = try value(after: "account")
                case "macdef":
                    _ = try value(after: "macdef")
                    tokens.skipMacro()
                default:
                    // curl skips what it does not know; so does this reading.
                    continue
                }
            }
        } catch {
            return .failure(error)
        }
        return .success(Netrc(entries: entries))
    }

    /// The entry for `host`: the first `machine` named so, else the first `default`. With
    /// `login` (`-u USER` with no password), only an entry for that login answers, as curl
    /// looks for the machine and login together.
    package func entry(forHost host: String, login: String? = nil) -> Entry? {
        let lowered = host.lowercased()
        func fits(_ entry: Entry) -> Bool { login == nil || entry.login == login }
        return entries.first { $0.machine?.lowercased() == lowered && fits($0) }
            ?? entries.first { $0.machine == nil && fits($0) }
    }
}

/// What is wrong with a `.netrc`, at which line.
package struct NetrcProblem: Error, Equatable, CustomStringConvertible {
    package var line: Int
    package var message: String

    package var description: String { "line \(line): \(message)" }
}

/// The tokens of a `.netrc`, one at a time, with the line each ends on.
struct NetrcTokens {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// The line of the last token read, from 1.
    private(set) var line = 1

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// The next token, unquoted; nil at the end.
    mutating func next() throws(NetrcProblem) -> String? {
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                line += 1
                index += 1
            } else if scalar == " " || scalar == "\t" || scalar == "\r" {
                index += 1
            } else if scalar == "#" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else {
                break
            }
        }
        guard index < scalars.count else { return nil }
        var token = String.UnicodeScalarView()
        if scalars[index] == "\"" {
            let start = line
            index += 1
            while true {
                guard index < scalars.count else { throw NetrcProblem(line: start, message: "a quoted value has no closing \"") }
                let scalar = scalars[index]
                index += 1
                if scalar == "\"" { break }
                if scalar == "\n" { line += 1 }
                guard scalar == "\\", index < scalars.count else {
                    token.append(scalar)
                    continue
                }
                let escaped = scalars[index]
                index += 1
                switch escaped {
                case "n": token.append("\n")
                case "r": token.append("\r")
                case "t": token.append("\t")
                default: token.append(escaped)
                }
            }
            return String(token)
        }
        while index < scalars.count, !" \t\r\n".unicodeScalars.contains(scalars[index]) {
            token.append(scalars[index])
            index += 1
        }
        return String(token)
    }

    /// Past a `macdef`'s macro: from the next line to a blank line (or the end).
    mutating func skipMacro() {
        while index < scalars.count, scalars[index] != "\n" { index += 1 }
        while index < scalars.count {
            // At a newline: the macro ends where the next one follows at once.
            index += 1
            line += 1
            if index < scalars.count, scalars[index] == "\n" { return }
            while index < scalars.count, scalars[index] != "\n" { index += 1 }
        }
    }
}
