/// An item's detail as the screen shows it: its main source, then its related lists.
package struct DetailFacts {
    /// Which detail this is, so that a change to another one (a prefetch) is told apart.
    package var id: Int
    /// The run's source the detail was opened from.
    package var parent: Int
    package var main: SourceFacts
    package var related: [SourceFacts]
    /// The URL it loads, which a link followed from it comes back to (Esc).
    package var url: String?

    package init(id: Int, parent: Int, main: SourceFacts, related: [SourceFacts] = [], url: String? = nil) {
        self.id = id
        self.parent = parent
        self.url = url
        self.main = main
        self.related = related
    }

    /// How many status lines it takes: one per source.
    package var sourceCount: Int { 1 + related.count }
}
