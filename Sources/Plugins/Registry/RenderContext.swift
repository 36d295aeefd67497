public import Loader

/// What a renderer knows about where its text will go.
public struct RenderContext: Sendable, Equatable {
    /// A size in terminal cells.
    public struct CellSize: Sendable, Equatable {
        public var columns: Int
        public var rows: Int
        public init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// Columns available for each line.
    public var width: Int
    /// Rows on the screen, when stdout is a terminal.
    public var height: Int?
    /// Whether styling escapes (bold, dim, colour) may be used: `color`'s answer for where
    /// the text goes.
    public var allowsStyling: Bool
    /// `--color`: what `allowsStyling` was decided from, and whether colour is refused even
    /// where an image is drawn because its format was forced.
    public var color: ColorChoice
    /// Whether stdout is a terminal; off one, images print a metadata line instead.
    public var isTerminal: Bool
    /// The environment (TERM, COLORTERM, NO_COLOR, TMUX…), for detecting what the terminal can show.
    public var environment: [String: String]
    /// An image format the user forced, if any; otherwise the terminal's is detected.
    public var imageFormat: ImageFormat?
    /// The most cells an image may take; by default it fits the terminal.
    public var imageSize: CellSize?
    /// Watches for the signals that end a run, so a long render can stop early.
    public var interruption: InterruptProbe?
    /// The most items of a list a view shows before it says how many it left out.
    public var maxItems: Int?
    /// Whether JSON output sorts each object's keys; otherwise they keep the server's order.
    public var sortsKeys: Bool
    /// Whether JSON is written on one line, as `jq -c` writes it (`-c`); otherwise indented.
    public var compactsJSON: Bool
    /// Whether the text is data for a program: stdout is no terminal and no view was asked
    /// for (`--plugin`, a source's `plugin=`, `--output text`). Content that came as JSON and
    /// whose view was chosen from its shape (posts, a table, a JSON document, a jq result that
    /// is no string) is then written as JSON, as `--output json` writes it, for `| jq` to read.
    public var writesData = false
    /// The same context, asking for JSON on one line (as a labelled line of several sources
    /// needs it).
    public var compacted: RenderContext {
        var context = self
        context.compactsJSON = true
        return context
    }
    /// Whether `width` is a screen's (a terminal's, or `COLUMNS`): off a terminal without
    /// `COLUMNS` it is only where text wraps, and a table keeps every column, since `grep` on
    /// the other end of the pipe has no width to fit.
    public var hasScreenWidth: Bool

    public init(width: Int = 80, height: Int? = nil, allowsStyling: Bool = false, isTerminal: Bool = false,
                environment: [String: String] = [:], imageFormat: ImageFormat? = nil, imageSize: CellSize? = nil,
                interruption: InterruptProbe? = nil, maxItems: Int? = nil, sortsKeys: Bool = false, hasScreenWidth: Bool = true,
                color: ColorChoice = .auto, compactsJSON: Bool = false) {
        self.compactsJSON = compactsJSON
        self.color = color
        self.width = max(width, 20)
        self.height = height
        self.allowsStyling = allowsStyling
        self.isTerminal = isTerminal
        self.environment = environment
        self.imageFormat = imageFormat
        self.imageSize = imageSize
        self.interruption = interruption
        self.maxItems = maxItems
        self.sortsKeys = sortsKeys
        self.hasScreenWidth = hasScreenWidth
    }

    /// Whether a render should stop now, because a signal arrived that the run must handle.
    /// Renderers ask between items; what they return after a yes is thrown away.
    public func shouldStop() -> Bool {
        interruption?.check() ?? false
    }
}
