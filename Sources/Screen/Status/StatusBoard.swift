/// The status lines of the sources the screen shows, as of one frame.
package struct StatusBoard {
    /// By source index: the statuses the model asked for (`ScreenModel.statusIndices`).
    package var sources: [Int: SourceStatus]
    /// The state's name of every source (`loaded`, `failed`…), for the tally of hidden ones.
    package var stateNames: [String]
    /// The open detail's sources, main first.
    package var detail: [SourceStatus]
    /// Whether a watch's reloads are paused.
    package var isPaused: Bool

    package init(sources: [Int: SourceStatus] = [:], stateNames: [String] = [], detail: [SourceStatus] = [], isPaused: Bool = false) {
        self.sources = sources
        self.stateNames = stateNames
        self.detail = detail
        self.isPaused = isPaused
    }
}
