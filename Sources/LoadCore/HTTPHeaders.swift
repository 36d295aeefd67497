/// Response header fields, in arrival order, looked up case-insensitively.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    private var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

    /// The first value of the field `name`, ignoring case.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    public mutating func add(name: String, value: String) { fields.append((name, value)) }

    /// Every value of the field `name`, ignoring case, joined with commas as RFC 9110 §5.3
    /// allows for list fields; nil when there is none.
    public func all(_ name: String) -> String? {
        let values = fields.filter { Self.sameName($0.name, name) }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// Whether two field names are the same, ignoring ASCII case (RFC 9110 §5.1: names are
    /// tokens, ASCII only). Compared byte by byte: a lookup is made several times for every
    /// response, and lowercasing both names allocated two strings each time.
    public static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8) { x, y in
            x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
        }
    }

    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> { fields.makeIterator() }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}
