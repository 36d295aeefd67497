package import LoadCore

/// JSON as text for the explorer: string literals for its rows and its paths, and a value
/// written whole as `jq .` writes it, for `yy`. Every string is escaped as JSON escapes it,
/// so nothing a server sent can drive the terminal or the clipboard's reader.
package enum JSONText {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// and the C1 controls and DEL too (JSON allows them bare; a terminal would act on them).
    package static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `value` as `jq .` prints it: two spaces an indent, `[]` and `{}` for empty ones,
    /// numbers as they were sent.
    package static func indented(_ value: JSON) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out
    }

    private static func write(_ value: JSON, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent + 2)
        switch value {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += pad
                write(item, indent: indent + 2, into: &out)
                out += index < items.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += pad + quoted(member.key) + ": "
                write(member.value, indent: indent + 2, into: &out)
                out += index < members.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        case .array: out += "[]"
        case .object: out += "{}"
        case .string(let text): out += quoted(text)
        case .number(let literal): out += literal
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        }
    }
}
