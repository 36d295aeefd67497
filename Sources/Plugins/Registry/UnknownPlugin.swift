import Loader

/// A plugin name that is not in the table.
public struct UnknownPlugin: Error, Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var known: [String]

    public var description: String {
        "no plugin named \"\(name)\"; known: \(known.joined(separator: ", "))"
    }
}
