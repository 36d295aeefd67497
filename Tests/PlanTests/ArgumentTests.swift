import XCTest
@testable import Plan

/// Durations, sizes, cell sizes and `--watch`, parsed as values.
final class ArgumentTests: XCTestCase {
    func testDurationsTakeUnitsOrBareSeconds() {
        XCTAssertEqual(DurationArgument(argument: "500ms")?.duration, .milliseconds(500))
        XCTAssertEqual(DurationArgument(argument: "30s")?.duration, .seconds(30))
        XCTAssertEqual(DurationArgument(argument: "5m")?.duration, .seconds(300))
        XCTAssertEqual(DurationArgument(argument: "1h")?.duration, .seconds(3600))
        XCTAssertEqual(DurationArgument(argument: "1.5")?.duration, .milliseconds(1500))
        XCTAssertEqual(DurationArgument(argument: "30")?.duration, .seconds(30), "a bare number is seconds, as watch -n reads it")
        XCTAssertEqual(DurationArgument(argument: "2S")?.duration, .seconds(2), "units in any case")
        for bad in ["0s", "0", "-1s", "soon", "", "0.1ms", "nan", "inf", "1e3", "1.2.3s", "s"] {
            XCTAssertNil(DurationArgument(argument: bad), bad)
        }
        XCTAssertEqual(DurationArgument(.milliseconds(1500)).defaultValueDescription, "1500ms")
        XCTAssertEqual(DurationArgument(.seconds(30)).defaultValueDescription, "30s")
    }

    func testDurationsCombineUnitsLargestFirst() {
        XCTAssertEqual(DurationText.parse("1m30s"), .seconds(90))
        XCTAssertEqual(DurationText.parse("1h30m"), .seconds(5400))
        XCTAssertEqual(DurationText.parse("1h2m3s4ms"), .milliseconds(3_723_004))
        XCTAssertEqual(DurationText.parse("1m0.5s"), .milliseconds(60_500))
        XCTAssertEqual(DurationText.parse("0"), .zero, "zero is a duration; callers set their own least")
        XCTAssertEqual(DurationText.parse("1193h"), .seconds(1193 * 3600), "the longest GLib's timers take, about 49 days")
        for bad in ["30s1m", "1m1m", "1m30", "1 m", "1x", "1h-5m", "1194h", "ms", "1.s5"] {
            XCTAssertNil(DurationText.parse(bad), bad)
        }
    }

    /// The ASCII byte walk `parse` takes is the Character walk's rule, case and edges alike.
    func testDurationsReadAsBytesAsTheCharacterWalkReadsThem() {
        let cases = [
            "", "0", "00", "007", "30", "30s", "30S", "500ms", "500MS", "500Ms", "1m30s", "1M30S", "1h2m3s4ms",
            "1.5", "1.5s", ".5", ".5s", "1.", "1.s", "1.s5", ".", "..", "1..5", "1.2.3s", "1m0.5s", "0.0001ms",
            "0.0005s", "0.0015s", "1193h", "1194h", "1193.0465h", "4294967.295s", "4294967.2955s", "4294967295ms",
            "4294967296ms", "999999999999999ms", "1234567890123456ms", "12345678901234567890", "1e3", "1e3s",
            "inf", "nan", "-1s", "+1s", "1 s", " 1s", "1s ", "1x", "1hh", "1sm", "1msx", "1mss", "30s1m", "1m1m",
            "1m30", "1h-5m", "ms", "h", "s5", "1\t", "1s\n", "5K", "5\u{212A}", "5\u{301}s", "5s\u{301}",
            "\u{0661}s", "1h30m\u{FEFF}", "1İ", "1ſ",
        ]
        for text in cases {
            XCTAssertEqual(DurationText.parse(text), DurationText.parseCharacters(text), text.debugDescription)
        }
    }

    func testSizesAreBinaryAsCurlReadsThem() {
        XCTAssertEqual(SizeArgument(argument: "512K")?.bytes, 512 << 10)
        XCTAssertEqual(SizeArgument(argument: "64M")?.bytes, 64 << 20)
        XCTAssertEqual(SizeArgument(argument: "64MiB")?.bytes, 64 << 20)
        XCTAssertEqual(SizeArgument(argument: "1g")?.bytes, 1 << 30)
        XCTAssertEqual(SizeArgument(argument: "65536")?.bytes, 65536)
        for bad in ["-1", "0", "1T", "M", "\(Int.max)G"] {
            XCTAssertNil(SizeArgument(argument: bad), bad)
        }
    }

    func testCellSizesAndImageFormats() {
        XCTAssertEqual(CellSizeArgument(argument: "80x24")?.cells, .init(columns: 80, rows: 24))
        XCTAssertEqual(CellSizeArgument(argument: "60×20")?.cells, .init(columns: 60, rows: 20))
        XCTAssertNil(CellSizeArgument(argument: "0x10"))
        XCTAssertEqual(CellSizeArgument(argument: "80")?.cells, .init(columns: 80, rows: CellSizeArgument.largestSide),
                       "a width alone, as chafa takes it: the height is the image's aspect's")
        XCTAssertEqual(CellSizeArgument(argument: "x12")?.cells, .init(columns: CellSizeArgument.largestSide, rows: 12))
        for bad in ["x", "", "80x24x2", "ax3"] { XCTAssertNil(CellSizeArgument(argument: bad), bad) }
        XCTAssertEqual(ImageFormatArgument(argument: "SIXEL")?.format, .sixel)
        XCTAssertNil(ImageFormatArgument(argument: "png"))
    }

    func testWatchIntervals() {
        XCTAssertNil(WatchArgument(argument: "auto").interval)
        XCTAssertNil(WatchArgument(argument: "auto").problem)
        XCTAssertEqual(WatchArgument(argument: "10s").interval, .seconds(10))
        XCTAssertEqual(WatchArgument(argument: "1m30s").interval, .seconds(90))
        XCTAssertNil(WatchArgument(argument: "10ms").problem, "the least interval is allowed")
    }

    func testAWatchIntervalBelowTheLeastOrNotAnIntervalIsAProblemThatSaysWhy() {
        XCTAssertEqual(WatchArgument(argument: "0").problem, "--watch 0: the interval must be at least 10ms")
        XCTAssertEqual(WatchArgument(argument: "9ms").problem, "--watch 9ms: the interval must be at least 10ms")
        XCTAssertEqual(WatchArgument(argument: "soon").problem, "--watch soon: not an interval; give one such as 500ms, 30s, 1m30s or 1h, or auto")
    }
}
