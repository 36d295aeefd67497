/// The versions of one source's content a watch has seen, newest last, and which of them is
/// on screen: the user steps back with `[` and forward with `]`.
///
/// The caller records a version only when a reload's content changed. The history keeps at
/// most `maxCount` versions and `maxBytes` bytes of them, dropping the oldest first, but always
/// the newest, however large.
///
/// Versions are numbered by their place among those kept, oldest first: once the oldest is
/// dropped, the one that was `version 2 of 50` is `version 1 of 50`.
package struct VersionHistory<Version> {
    /// One recorded version, and when it arrived (wall-clock seconds).
    private struct Entry {
        package var version: Version
        package var bytes: Int
        package var time: WallTime
    }

    package let maxCount: Int
    package let maxBytes: Int
    private var entries: [Entry] = []
    package private(set) var totalBytes = 0
    /// The index of the version on screen among those kept; nil while following the newest.
    package private(set) var viewing: Int?
    /// Whether a version was recorded while the user was viewing an older one: the footer or
    /// the status line says so until they are back on the newest.
    package private(set) var newerWaiting = false
    /// Whether the versions of earlier runs have been asked for (`[` past the oldest): once.
    package var askedForEarlier = false

    /// A history of at most `maxCount` versions (at least 1) and `maxBytes` bytes.
    package init(maxCount: Int = 50, maxBytes: Int = 16 << 20) {
        self.maxCount = max(maxCount, 1)
        self.maxBytes = maxBytes
    }

    /// How many versions are kept.
    package var count: Int { entries.count }

    /// Whether the newest version is on screen, and a new one will be too.
    package var isFollowing: Bool { viewing == nil }

    /// Adds `version`, of `bytes` bytes, that arrived at `time` (wall-clock seconds), then drops
    /// the oldest while over either limit. The view stays on the version it shows: on the
    /// newest when following, else on the same older one, or on the oldest kept once that one
    /// is dropped.
    package mutating func record(_ version: Version, bytes: Int, at time: WallTime) {
        entries.append(Entry(version: version, bytes: bytes, time: time))
        totalBytes += bytes
        if viewing != nil { newerWaiting = true }
        while entries.count > 1, entries.count > maxCount || totalBytes > maxBytes {
            totalBytes -= entries.removeFirst().bytes
            // The version viewed moved down a place, unless it was the one dropped: then the
            // oldest kept, which is the next one, is shown in its stead.
            if let index = viewing { viewing = max(index - 1, 0) }
        }
        // Only the newest left: viewing it is following it.
        if viewing == entries.count - 1 { follow() }
    }

    /// Puts `earlier` (versions of earlier runs, oldest first) before the oldest kept, as many
    /// of the newest of them as the limits leave room for: this run's versions are never
    /// dropped for them. The view stays on the version it shows.
    package mutating func prepend(earlier: [(version: Version, bytes: Int, time: WallTime)]) {
        var room = maxCount - entries.count
        var bytesLeft = maxBytes - totalBytes
        var taken: [Entry] = []
        for item in earlier.reversed() where room > 0 && item.bytes <= bytesLeft {
            taken.insert(Entry(version: item.version, bytes: item.bytes, time: item.time), at: 0)
            room -= 1
            bytesLeft -= item.bytes
        }
        entries.insert(contentsOf: taken, at: 0)
        totalBytes += taken.reduce(0) { $0 + $1.bytes }
        if let index = viewing { viewing = index + taken.count }
    }

    /// Shows the version before the one on screen; false when there is none.
    package mutating func stepBack() -> Bool {
        let index = viewing ?? entries.count - 1
        guard index > 0 else { return false }
        viewing = index - 1
        return true
    }

    /// Shows the version after the one on screen, following again once that is the newest;
    /// false when already following.
    package mutating func stepForward() -> Bool {
        guard let index = viewing else { return false }
        if index + 1 >= entries.count - 1 { follow() } else { viewing = index + 1 }
        return true
    }

    /// Back to the newest, and to showing each new one as it comes.
    package mutating func follow() {
        viewing = nil
        newerWaiting = false
    }

    /// The version on screen, when it arrived, its number from 1 (oldest kept) and how many
    /// are kept; nil before any is recorded.
    package var current: (version: Version, time: WallTime, number: Int, count: Int)? {
        guard let index = viewedIndex else { return nil }
        let entry = entries[index]
        return (entry.version, entry.time, index + 1, entries.count)
    }

    /// The version before the one on screen, to highlight what changed since; nil for the oldest.
    package var previous: Version? {
        guard let index = viewedIndex, index > 0 else { return nil }
        return entries[index - 1].version
    }

    /// `version 3 of 7, 12:03:04` for the version on screen.
    package var label: String? {
        current.map { "version \($0.number) of \($0.count), \($0.time.timeOfDay)" }
    }

    /// The label as a status line part, which shortens to `version 3 of 7` and then `v3/7` but
    /// stays: on an older version, it is what says the content is not the newest.
    package var statusPart: StatusPart? {
        guard let current, let label else { return nil }
        return StatusPart((label, 45), ("version \(current.number) of \(current.count)", 65),
                          ("v\(current.number)/\(current.count)", .max), last: .kept)
    }

    private var viewedIndex: Int? { entries.isEmpty ? nil : viewing ?? entries.count - 1 }
}
