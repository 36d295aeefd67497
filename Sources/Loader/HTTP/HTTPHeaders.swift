/// Response header fields, in arrival order, looked up case-insensitively.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    private var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

    /// The first value of the field `name`, ignoring case.
    public subscript(name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    public mutating func add(name: String, value: String) { fields.append((name, value)) }

    /// Every value of the field `name`, ignoring case, joined with commas as RFC 9110 §5.3
    /// allows for list fields; nil when there is none.
    public func all(_ name: String) -> String? {
        let lowered = name.lowercased()
        let values = fields.filter { $0.name.lowercased() == lowered }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> { fields.makeIterator() }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}
