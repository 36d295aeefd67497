import Loader
/// Something wrong with a store loadrun keeps between runs, told once: a store problem never
/// fails a load, so the user hears of it this way, and the run goes on without the store (or
/// with a new one). The copy store's problems are said as they are; the history's come as
/// `.history(problem)`.
public indirect enum StoreProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database was damaged or not a database: it was moved to `movedTo`, and a new one
    /// is started.
    case damaged(path: String, movedTo: String, reason: String)
    /// The file was no database loadrun made (another program's, or no database at all);
    /// `link`: where the path pointed, when it was a symbolic link, which is what was moved to
    /// `movedTo` (the file it names is left as it is). A new one is started.
    case notLoadruns(path: String, movedTo: String, reason: String, link: String?)
    /// Nothing can be kept: the directory or the file cannot be written (or made).
    case unwritable(path: String, reason: String)
    /// Where the store's file belongs there is something else (`kind`: "a FIFO", "a directory").
    case notAFile(path: String, kind: String)
    /// The directory or a file of the store is another user's (`owner`), or others may write
    /// it: what loadrun keeps (authenticated responses among them) is written only where the
    /// user alone can read and write, as ssh refuses its files.
    case notOwned(path: String, owner: String)
    /// The database was made by a newer loadrun, whose layout this one does not know.
    case newerLayout(path: String, version: Int)
    /// One stored copy failed its checksum: it was dropped, and the load asks the server afresh.
    case damagedCopy(url: String)
    /// The copy store's key secret (`CopyKeySecret`) was not 32 bytes: it was moved to
    /// `movedTo` and a new one made, so the copies kept under the old one are asked afresh.
    case damagedKey(path: String, movedTo: String)
    /// Another process held the store's lock too long: this write was not made.
    case busy(path: String)
    /// A problem of the history (`HistoryStore`), not of the copy store.
    case history(StoreProblem)

    public var description: String {
        if case .history(let problem) = self { return problem.describe(Words.history) }
        return describe(Words.copies)
    }

    /// The problem as said by a command that only reads the history (`loadrun history`),
    /// for which no load goes on.
    public var descriptionForReading: String {
        if case .history(let problem) = self { return problem.describe(Words.historyRead) }
        return description
    }

    /// The words that name a store and what its loss costs.
    private struct Words {
        var store: String
        var nothingKept: String
        /// What goes on without the store.
        var goesOn: String
        var writeLost: String

        static let copies = Words(store: "the copy store", nothingKept: "no copy can be kept", goesOn: "loads go on without stored copies",
                                  writeLost: "a copy was not kept")
        static let history = Words(store: "the history", nothingKept: "no history can be recorded", goesOn: "loads go on without recording their history",
                                   writeLost: "what this run records (versions, read marks) waits and is tried again")
        static let historyRead = Words(store: "the history", nothingKept: "the history cannot be read", goesOn: "nothing can be shown from it",
                                       writeLost: history.writeLost)
    }

    private func describe(_ words: Words) -> String {
        switch self {
        case .damaged(let path, let movedTo, let reason):
            "\(words.store) \(path) is damaged (\(reason)); it was moved to \(movedTo) and a new one started"
        case .notLoadruns(let path, let movedTo, let reason, nil):
            "\(words.store) \(path) is not a loadrun database (\(reason)); it was moved to \(movedTo) and a new one started"
        case .notLoadruns(let path, let movedTo, let reason, let link?):
            "\(words.store) \(path) is a link to \(link), which SQLite cannot read as loadrun's (\(reason)); the link was moved to \(movedTo), "
                + "\(link) is left as it is, and a new one started"
        case .unwritable(let path, let reason):
            "\(words.nothingKept) in \(path): \(reason); \(words.goesOn)"
        case .notAFile(let path, let kind):
            "\(words.store) \(path) is \(kind); \(words.goesOn) until it is removed"
        case .notOwned(let path, let owner):
            "\(path) belongs to \(owner), not to you; \(words.goesOn) until it is yours (remove it, or chown it)"
        case .newerLayout(let path, let version):
            "\(words.store) \(path) was made by a newer loadrun (layout \(version)); \(words.goesOn)"
        case .damagedCopy(let url):
            "the stored copy of \(url) failed its checksum; it was dropped and the server asked afresh"
        case .damagedKey(let path, let movedTo):
            "the copy store's key \(path) is damaged; it was moved to \(movedTo) and a new one made, so the copies kept before are asked for afresh"
        case .busy(let path):
            "\(words.store) \(path) stayed locked by another process; \(words.writeLost)"
        case .history(let problem):
            problem.describe(words)
        }
    }

    /// What kind of problem it is, for telling each once: one damaged copy is not another.
    var kind: String {
        switch self {
        case .damaged, .damagedKey, .notLoadruns: "damaged"
        case .unwritable, .notAFile, .notOwned, .newerLayout: "off"
        case .damagedCopy(let url): "copy " + url
        case .busy: "busy"
        case .history(let problem): "history " + problem.kind
        }
    }
}
