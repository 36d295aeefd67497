package import Loader
import Plugins

/// `-w`/`--write-out`, as curl's: a format of text, `\n`-style escapes and `%{variable}`s,
/// written to stdout after each source's content, with what its load's last request saw.
package struct WriteOut: Equatable {
    /// What a load's request saw, for the variables.
    package struct Facts {
        package var status: Int?
        package var bytes: Int
        package var url: String
        package var timings: RequestTimings?

        package init(status: Int?, bytes: Int, url: String, timings: RequestTimings?) {
            self.status = status
            self.bytes = bytes
            self.url = url
            self.timings = timings
        }
    }

    /// The variables of curl's that apply.
    package static let variables = ["http_code", "response_code", "time_total", "time_namelookup", "time_connect", "time_appconnect",
                            "time_starttransfer", "size_download", "url_effective", "json"]

    private enum Piece: Equatable {
        case text(String)
        case variable(String)
    }

    private let pieces: [Piece]

    /// The format as typed, or why it cannot be: a `%{…}` that names no variable loadrun has.
    package init(_ format: String) throws(UsageFailure) {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(format)
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == "\\", let next = rest.first {
                rest = rest.dropFirst()
                switch next {
                case "n": text += "\n"
                case "r": text += "\r"
                case "t": text += "\t"
                case "\\": text += "\\"
                default: text += "\\" + String(next)
                }
            } else if character == "%", rest.first == "%" {
                rest = rest.dropFirst()
                text += "%"
            } else if character == "%", rest.first == "{", let end = rest.firstIndex(of: "}") {
                let name = String(rest[rest.index(after: rest.startIndex)..<end])
                guard Self.variables.contains(name) else {
                    throw UsageFailure(message: "-w: %{\(name)} is none of the variables loadrun writes: \(Self.variables.joined(separator: ", "))")
                }
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.variable(name))
                rest = rest[rest.index(after: end)...]
            } else {
                text.append(character)
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The format with `facts` in place of its variables.
    package func text(_ facts: Facts) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .variable(let name): Self.value(name, facts)
            }
        }.joined()
    }

    private static func value(_ name: String, _ facts: Facts) -> String {
        let timings = facts.timings
        switch name {
        case "http_code", "response_code": return threeDigits(facts.status ?? 0)
        case "time_total": return seconds(timings?.total)
        case "time_namelookup": return seconds(timings?.nameLookedUp)
        case "time_connect": return seconds(timings?.connected)
        case "time_appconnect": return seconds(timings?.tlsDone)
        case "time_starttransfer": return seconds(timings?.firstByte)
        case "size_download": return String(facts.bytes)
        case "url_effective": return facts.url
        default:
            var members = variables.filter { $0 != "json" && $0 != "url_effective" }.map { JSON.Member($0, .number(value($0, facts))) }
            members.append(JSON.Member("url_effective", .string(facts.url)))
            return JSONWriter(context: RenderContext(compactsJSON: true)).write(.object(members))
        }
    }

    /// A status as curl's `%{http_code}` writes it: three digits, `000` for none.
    private static func threeDigits(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    /// A time in seconds with six decimals, as curl writes it (`0.004123`); 0 for none.
    static func seconds(_ duration: Duration?) -> String {
        guard let duration else { return "0.000000" }
        let microseconds = max(0, Int(duration.components.seconds) * 1_000_000 + Int(duration.components.attoseconds / 1_000_000_000_000))
        let fraction = String(microseconds % 1_000_000)
        return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
