/// `--watch [INTERVAL]`: one interval for every source, or `auto` (what a bare `--watch`
/// means) for each source's own, `defaultInterval` when it sets none. The value may be left
/// out, which swift-argument-parser cannot express, so `auto` is written in before parsing
/// (the command's rewrite of argv, in the loadrun target).
///
/// Any text is taken here and judged by `problem`, so that a bad interval gets a message of
/// its own (`--watch 0: the interval must be at least 10ms`) instead of the parser's generic one.
package struct WatchArgument: Equatable {
    package static let defaultInterval = "2s"
    package static let defaultDuration = Duration.seconds(2)
    package static let perSource = "auto"
    /// The shortest interval a watch reloads at: it keeps `--watch 0` from being a busy loop
    /// against the server. It is not `watch -n`'s 100ms because `make bench` drives 10,000
    /// reloads at 10ms to measure memory over many cycles, and a watch that fast works.
    package static let minimumInterval = Duration.milliseconds(10)

    /// nil: each source's own interval.
    package let interval: Duration?
    /// What is wrong with the value, said as a usage error; nil when it is good.
    package let problem: String?

    package init(argument: String) {
        if argument == Self.perSource {
            (interval, problem) = (nil, nil)
        } else if let duration = DurationText.parse(argument) {
            interval = duration
            problem = Self.intervalProblem(duration).map { "--watch \(argument): \($0)" }
        } else {
            interval = nil
            problem = "--watch \(argument): not an interval; give one such as \(DurationText.examples), or auto"
        }
    }

    /// Why `interval` cannot be a watch's interval, or nil when it can: the sources file's
    /// `interval` is held to the same least.
    package static func intervalProblem(_ interval: Duration) -> String? {
        interval < minimumInterval ? "the interval must be at least \(DurationArgument(minimumInterval).defaultValueDescription)" : nil
    }
}
