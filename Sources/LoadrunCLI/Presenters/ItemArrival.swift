/// The verdict on an item of a live stream as it came, with what its load stands at: what
/// NDJSON says of each (`TransitionRecord(item:)`), so that a script sees what the screen does.
struct ItemArrival: Equatable {
    /// Which item of its load it is, counted from 1.
    var count: Int
    /// Whether it met the wait's condition (`--until`); nil where the run does not wait.
    var conditionMet: Bool?
    /// The stream's HTTP status, when a server sent one.
    var httpStatus: Int?
    /// The load's attempt, from 1.
    var attempt: Int
    /// The bytes the stream brought so far, over its connections.
    var bytes: Int
    /// Time since the attempt began.
    var elapsed: Duration
}
