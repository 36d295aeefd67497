/// Something wrong with the copy store, told once: a store problem never fails a load, so the
/// user hears of it this way, and the run goes on without the store (or with a new one).
public enum StoreProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database was damaged or not a database: it was moved to `movedTo`, and a new one
    /// is started.
    case damaged(path: String, movedTo: String, reason: String)
    /// No copy can be kept: the directory or the file cannot be written (or made).
    case unwritable(path: String, reason: String)
    /// Where the store's file belongs there is something else (`kind`: "a FIFO", "a directory").
    case notAFile(path: String, kind: String)
    /// The database was made by a newer loadrun, whose layout this one does not know.
    case newerLayout(path: String, version: Int)
    /// One stored copy failed its checksum: it was dropped, and the load asks the server afresh.
    case damagedCopy(url: String)
    /// Another process held the store's lock too long: this copy was not kept.
    case busy(path: String)

    public var description: String {
        switch self {
        case .damaged(let path, let movedTo, let reason):
            "the copy store \(path) is damaged (\(reason)); it was moved to \(movedTo) and a new one started"
        case .unwritable(let path, let reason):
            "no copy can be kept in \(path): \(reason); loads go on without stored copies"
        case .notAFile(let path, let kind):
            "the copy store \(path) is \(kind); loads go on without stored copies until it is removed"
        case .newerLayout(let path, let version):
            "the copy store \(path) was made by a newer loadrun (layout \(version)); loads go on without it"
        case .damagedCopy(let url):
            "the stored copy of \(url) failed its checksum; it was dropped and the server asked afresh"
        case .busy(let path):
            "the copy store \(path) stayed locked by another loadrun; a copy was not kept"
        }
    }
}
