package import LoadCore

/// A JSON document's values in document order, indexed once so that the explorer never
/// writes the document out: each value (a node) is a few integers in contiguous arrays, its
/// parent, where its descendants end, its place among its parent's children and its depth,
/// 14 bytes a value beside the document. A node's value is reached from the root by the
/// places of its ancestors, which the explorer does only for the rows on screen.
package struct JSONOutline {
    package let document: JSON
    /// Each node's parent (-1 for the root), the node after its last descendant, its place
    /// among its parent's children (its index, or its member's), and its depth (0 the root).
    private(set) var parent: [Int32] = []
    private(set) var end: [Int32] = []
    private(set) var position: [Int32] = []
    private(set) var depth: [UInt16] = []

    package init(_ document: JSON) {
        self.document = document
        let count = Self.count(document)
        parent.reserveCapacity(count)
        end = Array(repeating: 0, count: count)
        position.reserveCapacity(count)
        depth.reserveCapacity(count)
        index(document, parent: -1, position: 0, depth: 0)
    }

    /// How many nodes there are.
    package var count: Int { end.count }

    private static func count(_ value: JSON) -> Int {
        switch value {
        case .array(let items): items.reduce(1) { $0 + count($1) }
        case .object(let members): members.reduce(1) { $0 + count($1.value) }
        default: 1
        }
    }

    private mutating func index(_ value: JSON, parent: Int32, position: Int32, depth: UInt16) {
        let node = Int32(self.parent.count)
        self.parent.append(parent)
        self.position.append(position)
        // Past 65,535 levels (no parser here goes so deep) the depth stays there.
        self.depth.append(depth)
        let deeper = depth == .max ? depth : depth + 1
        switch value {
        case .array(let items):
            for (place, item) in items.enumerated() { index(item, parent: node, position: Int32(place), depth: deeper) }
        case .object(let members):
            for (place, member) in members.enumerated() { index(member.value, parent: node, position: Int32(place), depth: deeper) }
        default:
            break
        }
        end[Int(node)] = Int32(self.parent.count)
    }

    /// Node `node`'s depth, its parent (nil for the root), and whether it has children.
    package func depth(of node: Int) -> Int { Int(depth[node]) }
    package func parent(of node: Int) -> Int? { parent[node] < 0 ? nil : Int(parent[node]) }
    package func end(of node: Int) -> Int { Int(end[node]) }
    package func hasChildren(_ node: Int) -> Bool { end[node] > node + 1 }

    /// The children of `node`, in order: each after the last one's descendants.
    package func children(of node: Int) -> [Int] {
        var children: [Int] = []
        var child = node + 1
        while child < end(of: node) {
            children.append(child)
            child = end(of: child)
        }
        return children
    }

    /// The places from the root down to `node`, the root's first child's place first.
    private func places(of node: Int) -> [Int] {
        var places: [Int] = []
        var at = node
        while let up = parent(of: at) {
            places.append(Int(position[at]))
            at = up
        }
        return places.reversed()
    }

    /// Node `node`'s value, and its key when its parent is an object.
    package func value(of node: Int) -> (value: JSON, key: String?) {
        var value = document
        var key: String?
        for place in places(of: node) {
            switch value {
            case .array(let items):
                value = items[place]
                key = nil
            case .object(let members):
                key = members[place].key
                value = members[place].value
            default:
                break
            }
        }
        return (value, key)
    }

    /// Whether `node` is the last of its parent's children (no comma after it).
    package func isLast(_ node: Int) -> Bool {
        guard let up = parent(of: node) else { return true }
        return end(of: node) == end(of: up)
    }

    /// Node `node`'s path.
    package func path(of node: Int) -> JSONPath {
        var steps: [JSONPath.Step] = []
        var value = document
        for place in places(of: node) {
            switch value {
            case .array(let items):
                steps.append(.index(place))
                value = items[place]
            case .object(let members):
                steps.append(.key(members[place].key))
                value = members[place].value
            default:
                break
            }
        }
        return JSONPath(steps)
    }

    /// The node at `path`; nil when the document has none there.
    package func node(at path: JSONPath) -> Int? {
        nearest(to: path).map { $0.matched == path.steps.count ? $0.node : nil } ?? nil
    }

    /// The node at `path`, or its nearest ancestor the document has, and how many of the
    /// path's steps it matched.
    package func nearest(to path: JSONPath) -> (node: Int, matched: Int)? {
        guard count > 0 else { return nil }
        var node = 0
        var value = document
        for (matched, step) in path.steps.enumerated() {
            let place: Int
            switch (value, step) {
            case (.array(let items), .index(let index)) where items.indices.contains(index):
                place = index
                value = items[index]
            case (.object(let members), .key(let key)):
                guard let found = members.firstIndex(where: { $0.key == key }) else { return (node, matched) }
                place = found
                value = members[found].value
            default:
                return (node, matched)
            }
            var child = node + 1
            for _ in 0..<place { child = end(of: child) }
            node = child
        }
        return (node, path.steps.count)
    }
}
