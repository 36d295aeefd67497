import Loader
import Screen
import Plugins

/// What a presenter is told of one source as of a change: a value the session builds from the
/// source's loader once per change (`LoadSession.snapshot(of:)`), so that no presenter reads a
/// loader (or could start a load through one). The session machine is told its `phase`, the
/// presenters and NDJSON the rest, and the screen its `facts`.
///
/// Immutable, and shared rather than copied: presenters keep and pass it, and each copy of its
/// eight fields was a dozen retains and releases, 2% of a 1,000-URL run.
final class SourceSnapshot {
    /// The source's place in the run, in the order given; -1 for a detail or a related list.
    let index: Int
    /// Its name, made safe for a terminal line.
    let name: String
    /// Its name as given, for JSON, which escapes what it must itself.
    let label: String
    /// The URL of its first page, credentials masked.
    let url: String
    /// The view it asked for (`--plugin`, `plugin=`), or automatic.
    let plugin: PluginSelection
    /// Its state, and what the screen model reads of it.
    let facts: SourceFacts
    /// What the session machine reads of it.
    let phase: SessionMachine.Phase
    /// Failed loads since the last success, counted up to the success that just came.
    let failuresBeforeSuccess: Int
    /// `failed 12:03:04 — HTTP 503 …; next reload in 2 s`, whole, while a failure stands.
    let banner: String?

    init(index: Int, name: String, label: String, url: String, plugin: PluginSelection, facts: SourceFacts,
         phase: SessionMachine.Phase = SessionMachine.Phase(), failuresBeforeSuccess: Int, banner: String?) {
        self.index = index
        self.name = name
        self.label = label
        self.url = url
        self.plugin = plugin
        self.facts = facts
        self.phase = phase
        self.failuresBeforeSuccess = failuresBeforeSuccess
        self.banner = banner
    }

    var state: LoadingState<AnyContent> { facts.state }
    /// Whether its load has come to rest: nothing in flight, no retry waiting, no next page
    /// about to be asked for.
    var isSettled: Bool { facts.isSettled }
    /// Whether it is a detail (or a related list) opened from an item, not one of the run's sources.
    var isDetail: Bool { index < 0 }

    /// Whether the source names the view its content is shown in (`--plugin`, `plugin=`): a
    /// jq program's results are shown by their shape, as content chosen from the response is.
    var asksForView: Bool {
        if case .fixed(let decoder) = plugin { return decoder.name != JQPlugin.pluginName }
        return false
    }
}
