/// The columns one grapheme cluster takes, gathered from its scalars as they come, so text
/// is measured a scalar at a time without forming a `Character`:
/// - two when any of its scalars has emoji presentation, or it holds VS16 (U+FE0F) after an
///   emoji;
/// - none when it starts with a mark, a format character or a control;
/// - otherwise two when its first scalar is wide, one when not.
package struct ClusterWidth {
    private var first: ScalarClass = []
    private var emojiPresentation = false
    private var variationSelector16 = false
    /// How many scalars the cluster holds.
    private(set) var count = 0
    /// Its first scalar.
    private(set) var firstValue: UInt32 = 0

    /// Starts a cluster with `value`, of `classes`.
    @inline(__always)
    package mutating func start(_ value: UInt32, _ classes: ScalarClass) {
        first = classes
        firstValue = value
        emojiPresentation = classes.contains(.emojiPresentation)
        variationSelector16 = false
        count = 1
    }

    /// Adds `value`, of `classes`, to the cluster.
    @inline(__always)
    package mutating func extend(_ value: UInt32, _ classes: ScalarClass) {
        if classes.contains(.emojiPresentation) { emojiPresentation = true }
        if value == 0xFE0F { variationSelector16 = true }
        count += 1
    }

    /// Whether the cluster is a whole line break, tab or space: where `wrap` splits words.
    package var isWordSeparator: Bool {
        count == 1 && (firstValue == 0x20 || firstValue == 0x09 || firstValue == 0x0A)
    }

    package var width: Int {
        if emojiPresentation || (variationSelector16 && first.contains(.emoji)) { return 2 }
        if first.contains(.zeroWidth) { return 0 }
        return first.contains(.wide) ? 2 : 1
    }

    /// The columns of a whole `Character`.
    package static func of(_ character: Character) -> Int {
        var cluster = ClusterWidth()
        for scalar in character.unicodeScalars {
            if cluster.count == 0 {
                cluster.start(scalar.value, ScalarClass(scalar.value))
            } else {
                cluster.extend(scalar.value, ScalarClass(scalar.value))
            }
        }
        return cluster.count == 0 ? 0 : cluster.width
    }
}
