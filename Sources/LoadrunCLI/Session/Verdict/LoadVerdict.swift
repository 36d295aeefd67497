/// What one settled load of a run's source means, decided once (`LoadVerdicts`) and read by
/// every part that acts on a load: the screen's marks, the pipe printer, NDJSON's `changed`
/// and `condition_met`, `--on-change`, the waits and the history.
///
/// "Changed" is always about what the server sent (after `--jq`, when a program is given:
/// that is the content the user asked for), never about the rendered text: a change to a
/// field the view does not show is a change, which the view then says.
struct LoadVerdict: Equatable {
    /// What the history makes of the load.
    enum HistoryStep: Equatable {
        /// Nothing: the source keeps no history, or this answer is not its own request's.
        case none
        /// A new version: the server sent what the last version did not hold.
        case newVersion
        /// The last version again: only its last-seen time moves.
        case seenAgain
    }

    /// The run's first content for the source.
    var isFirst: Bool
    /// Its content differs from the load before it; the first content counts as changed.
    var changed: Bool
    /// Its content differs from the run's first (`--until-change`).
    var changedSinceFirst: Bool
    var history: HistoryStep
    /// Whether it met the wait's condition (`--until`…); nil when the run does not wait.
    var conditionMet: Bool?
    /// Which of its items the run shows (`--unseen`, `--unread`), as the history said once
    /// for this load; nil when the run shows all.
    var picked: UnseenItems.Choice?

    /// Whether `--on-change` runs for it: a change, never the first content.
    var runsChangeCommand: Bool { changed && !isFirst }
}
