import Loader
import Plan
import Plugins
import TerminalText

/// What a presenter may use to draw, given to it once at `start`: the run's outputs, its
/// plugin table, the terminal as it is now, and the settings that say how content renders.
/// The session makes it and keeps the terminal and the run's ending in it current; nothing
/// here reaches a load, the loop (only the presenter's own timers) or the session's decisions.
final class PresenterEnvironment {
    /// The run's stdout, for content.
    let output: ContentOutput
    /// The run's stderr: every message of the session and its presenter.
    let diagnostics: Diagnostics
    /// The plugin table: each content renders with its decoder's renderer.
    let plugins: PluginRegistry
    /// The terminal as it is now: the session sets it again when it changes size.
    var terminal: Terminal
    /// Why the run is ending, once it is: the session sets it as soon as its machine decides,
    /// before the cancels on the way out come through, which are then no news.
    var ending: SessionEnding?
    let verbosity: Verbosity
    /// What each source was asked for, by its index.
    let requests: [SourceRequest]
    /// `--unseen`: what of each content earlier runs did not show.
    let unseen: UnseenItems?
    /// Whether a source reads standard input from a terminal, where nothing may be drawn over
    /// what is typed.
    let readsTypedInput: Bool
    /// Whether the run stays up once its sources have loaded: a watch or a browse.
    let staysUp: Bool
    /// Whether sources reload on an interval: a watch.
    let reloadsOnInterval: Bool
    /// The presenter's own timers.
    let timers: PresenterTimers
    let view: ViewOptions
    /// Lets a long render stop for a signal (see `renderContext`).
    private let interruption: InterruptProbe

    init(output: ContentOutput, diagnostics: Diagnostics, plugins: PluginRegistry, terminal: Terminal, verbosity: Verbosity,
         requests: [SourceRequest], unseen: UnseenItems?, view: ViewOptions, staysUp: Bool, reloadsOnInterval: Bool,
         interruption: InterruptProbe, timers: PresenterTimers) {
        self.output = output
        self.diagnostics = diagnostics
        self.plugins = plugins
        self.terminal = terminal
        self.verbosity = verbosity
        self.requests = requests
        self.unseen = unseen
        self.view = view
        self.staysUp = staysUp
        self.reloadsOnInterval = reloadsOnInterval
        self.interruption = interruption
        self.timers = timers
        readsTypedInput = terminal.stdinIsTTY && requests.contains { $0.url.map(URLParts.isStandardInput) == true }
    }

    /// Whether a signal waits for its handler: a render cut short by it is thrown away, and
    /// drawn again if the run goes on.
    var signalWaiting: Bool { interruption.isRaised }

    /// Whether a signal cut short what was just rendered: then its handler runs first, and
    /// `again` runs after it, unless the signal ended the run. The caller throws away what
    /// the render gave (and puts back what it changed).
    func cutShortBySignal(_ again: @escaping () -> Void) -> Bool {
        guard signalWaiting else { return false }
        timers.soon { [weak self] in
            guard let self, ending == nil else { return }
            again()
        }
        return true
    }

    /// A line of stdout (a source's header) cut to the terminal's width with `…`; whole with no
    /// screen to fit (a pipe), where output is the data.
    func fitted(_ line: String) -> String {
        terminal.hasScreenWidth ? TerminalText.truncated(line, toWidth: terminal.width) : line
    }

    /// Whether a one-shot run shows its progress: a spinner on a terminal's stderr, and the
    /// skeleton of what is coming; `-q` shows neither, and neither is drawn over content typed
    /// on the terminal.
    var showsProgress: Bool { terminal.showsLiveProgress && verbosity == .normal && !readsTypedInput }

    /// How content renders now: the terminal's size and styling, the image options, and the
    /// probe that lets a long render stop for a signal; `imageFormat` applies when the user
    /// forced none.
    func renderContext(imageFormat: ImageFormat?) -> RenderContext {
        RenderContext(width: terminal.width, height: terminal.height, allowsStyling: terminal.allowsStyling,
                      isTerminal: terminal.stdoutIsTTY, environment: terminal.environment,
                      imageFormat: view.imageFormat ?? imageFormat, imageSize: view.imageSize,
                      interruption: interruption, maxItems: view.maxItems, sortsKeys: view.sortsKeys,
                      hasScreenWidth: terminal.hasScreenWidth, color: terminal.color,
                      compactsJSON: view.compactsJSON)
    }

    /// The context `source`'s content is printed in: as data (JSON as JSON) when stdout is no
    /// terminal and neither the run (`--output text`) nor the source (`--plugin`, `plugin=`)
    /// asked for a view.
    func renderContext(for source: SourceSnapshot) -> RenderContext {
        var context = renderContext(imageFormat: nil)
        context.writesData = writesData(for: source)
        return context
    }

    /// Whether what stands for `content` on stderr is said: a download's `saved … to FILE` is
    /// news, which `-q` (curl's `-s`) keeps quiet; an empty state is the content's own word.
    func saysEmptyState(of content: AnyContent) -> Bool {
        verbosity > .quiet || content.pluginName != DownloadPlugin.pluginName
    }

    /// Whether `source`'s content is printed as data (see `renderContext(for:)`).
    func writesData(for source: SourceSnapshot) -> Bool {
        !terminal.stdoutIsTTY && view.writesDataOnPipe && !source.asksForView
    }
}
