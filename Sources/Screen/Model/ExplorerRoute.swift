import LoadCore

/// JSON explored over what it came from: an item shown whole, or what a jq filter typed in
/// the view (`|`) gave of the source's content. A filter's result is made anew from each
/// version the source comes to (a reload, a stream's item, `[` and `]`), and kept on screen
/// when a run fails, the failure said beside it.
package struct ExplorerRoute {
    /// What it shows: an item of a list whole, or a filter's results.
    package enum Origin: Equatable {
        case item
        /// The program, as typed.
        case filter(String)
    }

    package var origin: Origin
    /// Its name in the breadcrumb: `posts › 7`, `| .posts | map(.title)`.
    package var title: String
    /// What it explores; nil until a filter's first run comes back.
    package var explorer: JSONExplorer?
    /// Why the filter's last run gave nothing to show, while its last good result stays.
    package var failure: String?
    /// The run of the filter the route waits for (`ScreenModel.FilterRun.serial`), if any.
    var pendingRun: Int?
    /// An item's fields, for the URL `yu` and `o` take.
    package var fields: [String: String] = [:]

    /// The filter's program, when it shows one's results.
    package var filter: String? {
        if case .filter(let program) = origin { program } else { nil }
    }

    /// An item's JSON, shown whole.
    init(item json: JSON, title: String, fields: [String: String]) {
        origin = .item
        self.title = title
        self.fields = fields
        explorer = JSONExplorer(json)
    }

    /// A filter's results to come.
    init(filter program: String) {
        origin = .filter(program)
        title = "| " + program
    }

    /// A run of the filter came back: its results shown (in place of the last, folds and
    /// cursor kept by path, what changed marked), or why it failed said beside them.
    mutating func take(_ outcome: Result<JSON, FilterFailure>) {
        switch outcome {
        case .success(let json):
            failure = nil
            if explorer == nil {
                explorer = JSONExplorer(json)
            } else {
                explorer?.replace(with: json, marking: true)
            }
        case .failure(let failed):
            failure = failed.message
        }
    }
}

/// Why a filter typed in the view gave nothing to show: jq's own words.
package struct FilterFailure: Error, Equatable, Sendable {
    package var message: String

    package init(_ message: String) { self.message = message }
}
