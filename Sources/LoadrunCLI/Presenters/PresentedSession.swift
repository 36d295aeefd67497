import Loader
import Screen

/// What a presenter sees of its session: its sources and where the run stands, to read and
/// draw (what it draws with is its `PresenterEnvironment`). Nothing here starts, cancels or
/// ends a load: a presenter returns the screen model's commands when the session hands it a
/// key or its wake-up, and the session's machine decides what comes of them.
protocol PresentedSession: AnyObject {
    var sources: [SessionSource] { get }
    var settledCount: Int { get }
    /// The detail open for the user, if any: the session machine's to know.
    var openDetail: DetailPage? { get }
    /// What the screen model knows of source `index`, now.
    func facts(ofSource index: Int) -> SourceFacts
    /// What the screen model knows of `page`, now.
    func facts(of page: DetailPage) -> DetailFacts
    /// Whether `page` is the detail open for the user.
    func isOpen(_ page: DetailPage) -> Bool
    /// The status lines the next frame shows, as of `now`, for the sources at `indices`.
    func statusBoard(now: ContinuousClock.Instant, showing indices: Range<Int>) -> StatusBoard
    /// When a watched source reloads next; nil where nothing reloads on an interval.
    func nextReload(of source: SessionSource) -> ContinuousClock.Instant?
    /// What the screen model asks of a message that is no key nor its wake-up (a source's
    /// change, a resize): the session carries it out in turn, after the event it handles.
    func ask(_ commands: [ScreenCommand])
    /// The URL an item of `source`'s list opens as its detail, or why there is none.
    func detailURL(of source: SessionSource, fields: [String: String]) -> Result<String, DetailProblem>
}

extension LoadSession: PresentedSession {}
