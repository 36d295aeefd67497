internal import Loader

/// A duration as users type it (see `DurationText`): `500ms`, `30s`, `1m30s`, `1h`, or bare
/// seconds (`30`, `1.5`); at least a millisecond.
package struct DurationArgument: Equatable {
    package let duration: Duration

    package init?(argument: String) {
        guard let duration = DurationText.parse(argument), duration >= .milliseconds(1) else { return nil }
        self.duration = duration
    }

    package init(_ duration: Duration) { self.duration = duration }

    package var defaultValueDescription: String {
        let milliseconds = duration.wholeMilliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}
