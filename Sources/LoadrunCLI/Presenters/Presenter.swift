import Loader
import Plugins
import Plan
import Screen

/// Draws what a session's sources do: the ordered printer, the full-screen view, the pipe
/// printer or the NDJSON log, chosen once per run.
///
/// A presenter is told of each change as values (`SourceSnapshot`, `DetailFacts`) and draws.
/// It holds no session and reaches no loader: what a key asks for comes back to the session
/// as the screen model's commands, and the session's machine decides what, if anything, loads.
protocol Presenter: AnyObject {
    /// What it draws with, from `start` on: the run's outputs, plugins and terminal.
    var environment: PresenterEnvironment! { get }
    /// Whether the `name: URL` line for a single source belongs on stderr; a full screen
    /// would show it for a flash and take it away.
    var announcesSource: Bool { get }
    /// Whether Ctrl-C only cancels what is in flight, while the run goes on: true where there
    /// is a screen on which "cancelled, the watch goes on" means something.
    var interruptCancelsLoads: Bool { get }
    /// Whether keys typed on the terminal come to `press(_:)`.
    var readsKeys: Bool { get }
    /// Whether it draws content as views, so that notes about a view (which one took the
    /// response and why, fields a template lacked) mean something; JSON output has no view.
    var drawsViews: Bool { get }
    /// Whether it says if each load changed the content: its sources fingerprint their bodies.
    var tellsChanges: Bool { get }
    /// Whether it prints the content of a run's one source in pieces as it is decoded (a jq
    /// program's results as they come, as `jq` prints them), before the load comes to rest.
    var printsPieces: Bool { get }
    /// Whether the pieces it prints are only a live stream's items (see
    /// `PieceIntake.takesOnlyLiveStreams`): other content it prints once come to rest.
    var takesPiecesOnlyFromStreams: Bool { get }
    /// Whether each piece it prints says its source, so that several sources' pieces may
    /// go out as they come, interleaved (NDJSON).
    var labelsPieces: Bool { get }
    /// Whether it logs the verdict on each item of a live stream as it comes (`itemArrived`):
    /// NDJSON, whose scripts see each as the screen does.
    var logsItems: Bool { get }
    /// Whether it shows the bytes a load has received so far (`progressed` changes), in
    /// `environment`; where it does not, its sources do not publish them.
    func showsProgress(in environment: PresenterEnvironment) -> Bool

    /// The session is about to load `sources` (each idle); the presenter takes its place (a
    /// full screen enters). `boards` gives a frame's status lines.
    func start(_ sources: [SourceSnapshot], boards: any StatusBoards, environment: PresenterEnvironment)
    /// A source's state changed: `source` is how it stands now. `verdict` is what a load that
    /// came to rest with content means (changed or not, a wait's condition), nil for any
    /// other change.
    func changed(_ source: SourceSnapshot, by change: StateChange, verdict: LoadVerdict?)
    /// The state of the open detail, or of one of its related lists (`slot` 0 the detail
    /// itself), changed: `facts` is how it stands now. A prefetched detail is not on screen,
    /// and its changes are not told.
    func detailChanged(_ facts: DetailFacts, slot: Int, by change: StateChange)
    /// The session opened a detail for the user (it may already hold content).
    func opened(_ facts: DetailFacts)
    /// Something the user should know about the source named `name` (a skipped reload, where
    /// paging stopped).
    func note(_ text: String, about name: String)
    /// The item with `fields` of `source`'s list, asked to open, has no detail: `why` says so.
    func noDetail(_ why: String, for source: SourceSnapshot, fields: [String: String])
    /// A piece of the content of source `index`, decoded before its load came to rest (see
    /// `printsPieces`), to show. A presenter only receives: whether the load goes on is the
    /// session's to say (the run ending, a signal, a reader that left), never its answer.
    func piece(_ content: AnyContent, ofSource index: Int)
    /// An item of `source`'s live stream came (`item`, as the stream's plugin read it), with
    /// the verdict on it (see `ItemArrival`), for a presenter that logs it (`logsItems`).
    func itemArrived(_ source: SourceSnapshot, item: AnyContent, _ arrival: ItemArrival)
    /// `o` or `y` (the model's `.handOff`): `url` is what the session found for `target`, or
    /// why there is none, and `name` the source it belongs to, for the notice.
    func handOff(_ how: HandOff, _ target: LinkTarget, url: Result<String, DetailProblem>, about name: String)
    /// The terminal changed size.
    func resized(to terminal: Terminal)
    /// Source `index`'s versions from earlier runs, oldest first, which its view asked for.
    func earlierVersions(_ index: Int, _ versions: [(version: AnyContent, bytes: Int, time: WallTime)])
    /// What a key typed on the terminal asks the session to do; keys that only move the view
    /// (scroll, focus) are handled here and ask nothing.
    func press(_ key: Key) -> [ScreenCommand]
    /// The wake-up it asked for (`ScreenCommand.startPrefetchTimer`) came: what that asks the
    /// session to do.
    func woke() -> [ScreenCommand]
    /// The session carried out an intent or a signal: draw what changed.
    func refresh()
    /// The run is over; `ending` says why, nil when every source came to rest.
    func finish(_ ending: SessionEnding?)
    /// A second signal is ending the process at once: put the terminal back now.
    func leaveNow()
    /// The items of source `index`'s list marked read, as the history keeps them: told once,
    /// at the start, for a run that keeps a history.
    func readState(_ index: Int, _ keys: Set<String>)
    /// The jq filters typed in the view on source `index`, the newest first, as the history
    /// keeps them: told once, at the start, for a run that keeps a history.
    func filterHistory(_ index: Int, _ programs: [String])
    /// Ctrl-Z (`ScreenCommand.suspend`): give the terminal back, stop, and take it again
    /// once continued.
    func suspend()
}

extension Presenter {
    var announcesSource: Bool { true }
    var interruptCancelsLoads: Bool { false }
    var readsKeys: Bool { false }
    var drawsViews: Bool { false }
    var tellsChanges: Bool { false }
    var printsPieces: Bool { false }
    var takesPiecesOnlyFromStreams: Bool { false }
    var labelsPieces: Bool { false }
    var logsItems: Bool { false }
    func showsProgress(in environment: PresenterEnvironment) -> Bool { false }
    func piece(_ content: AnyContent, ofSource index: Int) {}
    func itemArrived(_ source: SourceSnapshot, item: AnyContent, _ arrival: ItemArrival) {}
    func detailChanged(_ facts: DetailFacts, slot: Int, by change: StateChange) {}
    func opened(_ facts: DetailFacts) {}
    func note(_ text: String, about name: String) { environment.diagnostics.say("\(name): \(text)") }
    func noDetail(_ why: String, for source: SourceSnapshot, fields: [String: String]) { note(why, about: source.name) }
    func handOff(_ how: HandOff, _ target: LinkTarget, url: Result<String, DetailProblem>, about name: String) {}
    func resized(to terminal: Terminal) {}
    func earlierVersions(_ index: Int, _ versions: [(version: AnyContent, bytes: Int, time: WallTime)]) {}
    func press(_ key: Key) -> [ScreenCommand] { [] }
    func woke() -> [ScreenCommand] { [] }
    func refresh() {}
    func finish(_ ending: SessionEnding?) {}
    func leaveNow() {}
    func readState(_ index: Int, _ keys: Set<String>) {}
    func filterHistory(_ index: Int, _ programs: [String]) {}
    func suspend() {}
}
