public import Loader

/// A list of records, one row per item, and why it came to this view when nobody named one.
public struct Table: Equatable, Sendable {
    /// The items, each a JSON object, as the server sent them.
    public var rows: [JSON]
    /// Said once on stderr when the table took the response by itself.
    public var choice: String?
    /// Whether the rows came as a sequence of values (JSON Lines): `--output json` gives them
    /// back so, a value a line.
    public var isSequence: Bool

    public init(rows: [JSON], choice: String? = nil, isSequence: Bool = false) {
        self.rows = rows
        self.choice = choice
        self.isSequence = isSequence
    }
}
