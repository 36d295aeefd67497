public import Loader

/// A JSON document of any shape, and why it came to this view when nobody named one.
public struct JSONDocument: Equatable, Sendable {
    public var value: JSON
    /// Said once on stderr when the fallback view took the response: what it is, and why here.
    public var choice: String?
    /// Whether it came as a sequence of values (JSON Lines), `value` being their array:
    /// `--output json` gives them back a value a line.
    public var isSequence: Bool

    public init(_ value: JSON, choice: String? = nil, isSequence: Bool = false) {
        self.value = value
        self.choice = choice
        self.isSequence = isSequence
    }
}
