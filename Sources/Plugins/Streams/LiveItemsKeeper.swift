import Loader

/// What stands for a live stream's items where something runs on each as it comes and keeps
/// what it made: a jq program's results, on a view that shows the stream whole (the
/// full-screen view), where no piece is handed over. `LiveItemsTap` hands each item to it and
/// shows what it keeps, in place of the items.
protocol LiveItemsKeeper: AnyObject {
    /// What it keeps now, when it kept more since last asked; nil otherwise.
    func contentSoFar() -> AnyContent?
    /// What it keeps, the stream having ended.
    func content() -> AnyContent
}
