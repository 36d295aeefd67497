import Loader

extension SourceCatalog {
    /// A sources file's sources before they are used: a name, a group and the secrets each
    /// holds, over the checked file they are built from.
    struct UnbuiltSources {
        /// One source: the group that defines it, and those that change it after (`[source a]`
        /// and `[source  a]` name one source), overlaid on it in the file's order.
        struct Slot {
            var name: String
            var group: KeyFile.Group
            /// What it and its copies hold, all of them: a copy may drop a secret, never add one
            /// that is not here.
            var secrets: SourcesFile.Secrets
        }

        let reader: SourcesFile.Reader
        /// The place of the first slot in the catalog's `definitions`.
        let base: Int
        var slots: [Slot] = []
        /// Each slot's copies, by slot: few files have any.
        private var copies: [Int: [KeyFile.Group]] = [:]

        init(reader: SourcesFile.Reader, base: Int) {
            self.reader = reader
            self.base = base
        }

        var count: Int { slots.count }

        /// Another group of the source in slot `position`, laid over it as `overlaid(with:)` lays it.
        mutating func addCopy(_ source: SourcesFile.Checked.Source, at position: Int) {
            copies[position, default: []].append(source.group)
            slots[position].secrets.formUnion(source.secrets)
        }

        /// The source in slot `position`, built from its groups; with `shownOnly`, only what
        /// `loadrun sources` shows of it.
        func definition(at position: Int, shownOnly: Bool = false) -> SourceDefinition {
            let slot = slots[position]
            // A source with copies is built whole: each copy is laid over the whole of it.
            if shownOnly, copies.isEmpty || copies[position] == nil {
                return reader.definition(named: slot.name, group: slot.group, shownOnly: true)
            }
            var definition = reader.definition(named: slot.name, group: slot.group)
            for group in copies[position] ?? [] {
                definition = definition.overlaid(with: reader.definition(named: slot.name, group: group))
            }
            return definition
        }
    }

    /// The catalog's sources in order, each of the file's built when it is read.
    package struct Definitions: RandomAccessCollection {
        let built: [SourceDefinition]
        let unbuilt: UnbuiltSources?
        /// Whether the file's sources are read only for what `loadrun sources` shows.
        var shownOnly = false

        package var startIndex: Int { 0 }
        package var endIndex: Int { built.count + (unbuilt?.count ?? 0) }

        package subscript(position: Int) -> SourceDefinition {
            if position < built.count { return built[position] }
            guard let unbuilt else { preconditionFailure("no source at \(position)") }
            return unbuilt.definition(at: position - built.count, shownOnly: shownOnly)
        }
    }

    /// The first source, in the order of `definitions`, that `holds`: only the file's sources
    /// that may hold `secret` are built to ask.
    func first(holding secret: SourcesFile.Secrets, where holds: (SourceDefinition) -> Bool) -> SourceDefinition? {
        if let found = built.first(where: holds) { return found }
        guard let unbuilt else { return nil }
        for position in unbuilt.slots.indices where unbuilt.slots[position].secrets.contains(secret) {
            let definition = unbuilt.definition(at: position)
            if holds(definition) { return definition }
        }
        return nil
    }
}
