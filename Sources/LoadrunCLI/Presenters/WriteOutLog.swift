import Loader
import Plan

/// What `-w` writes of each source of a one-shot run (see `WriteOut`): its facts taken from
/// the change that settles its load, its text after the source's content.
struct WriteOutLog {
    let format: WriteOut
    /// By source index.
    private var facts: [Int: WriteOut.Facts] = [:]

    init(_ format: WriteOut) { self.format = format }

    /// Keeps what `change` of `source` says, when it settles the load: its last request's, with
    /// the URL the response came from (after redirects).
    mutating func take(_ change: StateChange, of source: SourceSnapshot) {
        guard !change.to.isBusy else { return }
        facts[source.index] = WriteOut.Facts(status: change.httpStatus, bytes: change.bytes,
                                             url: change.response.map { URLCredentials.masked($0.url) } ?? source.url,
                                             timings: change.timings)
    }

    /// The text for source `index`, once its load settled.
    func text(for index: Int) -> String? { facts[index].map(format.text) }
}
