/// A JSON document as it was sent: objects keep their keys in order, and numbers keep the
/// literal the server wrote, so `--output json` gives back what came (re-indented).
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number's literal, as sent (`1`, `-0.5e3`): no precision is lost on the way through.
    case number(String)
    case string(String)
    case array([JSON])
    case object([Member])

    /// One key and its value, in the order the object gave them.
    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSON

        public init(_ key: String, _ value: JSON) {
            self.key = key
            self.value = value
        }
    }

    /// The value of `key`, the first one when an object repeats it.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Whether this is a string, number, boolean or null.
    public var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// What kind of value this is, for messages: `a JSON array of 10 objects`.
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .object(let members): "a JSON object of \(members.count) \(members.count == 1 ? "key" : "keys")"
        case .array(let items):
            if !items.isEmpty, items.allSatisfy({ if case .object = $0 { true } else { false } }) {
                "a JSON array of \(items.count) \(items.count == 1 ? "object" : "objects")"
            } else {
                "a JSON array of \(items.count) \(items.count == 1 ? "item" : "items")"
            }
        }
    }

    /// A scalar as one line of text: strings as they are, numbers as sent, null as `null`.
    public var scalarText: String? {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let literal): literal
        case .string(let text): text
        case .array, .object: nil
        }
    }

    /// A whole-number value, when this is one.
    public var integer: Int? {
        guard case .number(let literal) = self else { return nil }
        return Int(literal)
    }

    /// The value a JSON pointer (RFC 6901) names: `""` is the whole document, `/a/0/b` a path.
    public func resolve(pointer: String) -> JSON? {
        guard !pointer.isEmpty else { return self }
        guard pointer.hasPrefix("/") else { return nil }
        var value = self
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = String(token).replacing("~1", with: "/").replacing("~0", with: "~")
            switch value {
            case .object:
                guard let next = value[key] else { return nil }
                value = next
            case .array(let items):
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }

    /// About how many bytes the value takes written out indented, to size an output buffer
    /// once: exact but for escapes.
    public func estimatedTextSize(indent: Int) -> Int {
        switch self {
        case .null: 4
        case .bool(let flag): flag ? 4 : 5
        case .number(let literal): literal.utf8.count
        case .string(let text): text.utf8.count + 2
        case .array(let items): items.reduce(4 + indent) { $0 + $1.estimatedTextSize(indent: indent + 2) + indent + 4 }
        case .object(let members):
            members.reduce(4 + indent) { $0 + $1.key.utf8.count + 6 + $1.value.estimatedTextSize(indent: indent + 2) + indent + 2 }
        }
    }

    /// The string, when this is one.
    public var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}
