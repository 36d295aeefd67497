/// What the screen model asks for: intents for the session to carry out, and the timer it
/// needs. Never a call: the model decides, the presenter and the session carry out.
package enum ScreenCommand: Equatable {
    /// Leave the view: the run ends.
    case quit
    /// Reload now, or retry now when a retry waits: source `index`'s list.
    case reload(Int)
    /// The same for the open detail and its related lists.
    case reloadDetail
    /// One more page of source `index` now, and on every reload from now on.
    case loadMore(Int)
    /// Open the detail of the item with these fields in source `index`'s list.
    case open(Int, fields: [String: String])
    /// Leave the detail on top, cancelling what of it still loads.
    case back
    /// Open `url`, a link of the page on screen, as a detail of source `index`.
    case openLink(Int, url: String)
    /// Go back to `url`, a page of source `index` left for a link (Esc): shown as it was
    /// kept, not asked for again, as lynx goes back.
    case revisit(Int, url: String)
    /// The selection rests on the item with these fields: load its detail at low priority.
    case prefetch(Int, fields: [String: String])
    /// The selection moved on: a prefetch not yet finished is cancelled.
    case cancelPrefetch
    /// Pause a watch's reloads, or resume them.
    case togglePause
    /// Send `ScreenMessage.prefetchTimerFired` after this long, replacing any timer running.
    case startPrefetchTimer(Duration)
    /// The prefetch timer is not wanted any more.
    case stopPrefetchTimer
    /// Hand the URL of `target` to the user's browser, or to the terminal's clipboard.
    case handOff(HandOff, LinkTarget)
    /// `[` went past the oldest version of source `index` this run kept: send its versions
    /// from earlier runs (`ScreenMessage.earlierVersions`), none when there are none.
    case loadEarlierVersions(Int)
    /// Render what the model waits for (`ScreenModel.renderJob`) and give it back as
    /// `ScreenMessage.rendered`: content is rendered outside the model, where a signal may cut
    /// it short.
    case render(RenderRequest)
    /// Mark the items with these keys of source `index`'s list read (opened) or unread, in
    /// the history, for the runs to come.
    case markRead(Int, keys: [String], read: Bool)
    /// Keep `program`, a jq filter typed in the view on source `index`, in the history, for
    /// the prompt of the runs to come (`ScreenMessage.filterHistory`).
    case keepFilter(Int, program: String)
    /// Put `text` on the terminal's clipboard (OSC 52): a value or a path the explorer copied.
    case copy(String)
    /// Run a jq filter typed in the view and give back what it gave (`ScreenMessage.filtered`).
    case runFilter(ScreenModel.FilterRun)
    /// Ctrl-Z: give the terminal back and stop, as less does; the screen comes back with
    /// `fg` (`ScreenMessage.resized`).
    case suspend
    /// The search being typed has lines left: send `ScreenMessage.searchGoesOn` once the keys
    /// and signals waiting now are taken, and again while this comes back.
    case continueSearch
}
