public import Loader

/// A declared plugin's list, and the first field its template asked for that an item lacked.
public struct DeclaredItems: Equatable, Sendable {
    public var items: [JSON]
    public var missing: (field: String, item: Int)?

    public init(items: [JSON], missing: (field: String, item: Int)? = nil) {
        self.items = items
        self.missing = missing
    }

    public static func == (lhs: DeclaredItems, rhs: DeclaredItems) -> Bool {
        lhs.items == rhs.items && lhs.missing?.field == rhs.missing?.field && lhs.missing?.item == rhs.missing?.item
    }
}
