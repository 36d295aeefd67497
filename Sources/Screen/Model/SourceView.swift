package import LoadCore

/// What the screen keeps of one source, the base of its stack of routes: its list pane, the
/// versions of its content, what it last showed, and its read marks.
package struct SourceView {
    /// The source's list (or page) as shown, its selection and search.
    package internal(set) var pane = Pane()
    /// Its content explored, when it is a JSON document (`ContentRendering.explorable`): shown
    /// in place of the pane.
    package internal(set) var explorer: JSONExplorer?
    /// The versions of its content, to step through with `[` and `]`.
    package internal(set) var history = VersionHistory<AnyContent>()
    /// The content on screen or last shown, and its text at `width` columns, to tell what changed.
    var shown: (content: AnyContent, text: String, width: Int)?
    /// While its live stream's frames are drawn (its items as they came, no version): the text
    /// of its last version before them, which the version the stream comes to rest as is
    /// compared with; nil when no stream frame is drawn.
    var streamFrame: String??
    /// Whether its latest load came back unchanged: a 304, or content that renders as what is shown.
    package internal(set) var unchanged = false
    /// The keys of its items marked read; nil when it has no read state (no history).
    package internal(set) var reads: Set<String>?
    /// Whether the list on screen is of entries with their own words (a feed's), whose read
    /// state shows.
    var isReading = false
    /// The jq filters typed on it (`|`), the newest first, this run's and those the history
    /// kept: the prompt's ↑ walks them.
    var filters: [String] = []
    /// The plugin its last detail took, for the skeleton of the next one.
    var detailPlugin: String?
    /// The list render the model waits for, if any (see `ScreenModel+Panes`).
    var pendingList: ScreenModel.PendingList?
}
