internal import Loader
package import Plugins

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

/// A size as users type it: `65536`, `512K`, `64M`/`64MiB` (binary, as curl reads them), `1G`.
package struct SizeArgument: Equatable {
    package let bytes: Int

    package init?(argument: String) {
        let text = argument.uppercased()
        let units: [(suffix: String, factor: Int)] = [
            ("KIB", 1 << 10), ("MIB", 1 << 20), ("GIB", 1 << 30),
            ("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("B", 1),
        ]
        let unit = units.first { text.hasSuffix($0.suffix) } ?? ("", 1)
        guard let value = Int(text.dropLast(unit.suffix.count)), value > 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: unit.factor)
        guard !overflow else { return nil }
        self.bytes = bytes
    }

    package init(bytes: Int) { self.bytes = bytes }

    package var defaultValueDescription: String {
        for (unit, size) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes % size == 0 {
            return "\(bytes / size)\(unit)"
        }
        return "\(bytes)"
    }
}

/// A size in cells as users type it: `80x24` (or `80×24`).
package struct CellSizeArgument: Equatable {
    package let cells: RenderContext.CellSize

    package init?(argument: String) {
        let parts = argument.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              (1...10_000).contains(columns), (1...10_000).contains(rows) else { return nil }
        cells = RenderContext.CellSize(columns: columns, rows: rows)
    }
}

/// One of `ImageFormat`'s names.
package struct ImageFormatArgument: Equatable {
    package let format: ImageFormat

    package init?(argument: String) {
        guard let format = ImageFormat(rawValue: argument.lowercased()) else { return nil }
        self.format = format
    }

    /// Every name, for `--help` and the shell's completion.
    package static var allValueStrings: [String] { ImageFormat.allCases.map(\.rawValue) }
}

/// `--watch [INTERVAL]`: one interval for every source, or `auto` (what a bare `--watch`
/// means) for each source's own, `defaultInterval` when it sets none. The value may be left
/// out, which swift-argument-parser cannot express, so `auto` is written in before parsing.
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

    /// `arguments` with `auto` after a `--watch` that has no value of its own (the end of the
    /// line, or another option next).
    package static func withDefaultInterval(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            result.append(argument)
            if argument == "--" {
                result += arguments[(index + 1)...]
                break
            }
            if argument == "--watch" {
                let next = arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
                if next == nil || next!.hasPrefix("-") { result.append(perSource) }
            }
        }
        return result
    }
}
