@testable import LoadrunCLI
import XCTest

/// Durations, sizes, cell sizes and the bare `--watch`, parsed as values.
final class ArgumentTests: XCTestCase {
    func testDurationsTakeUnitsOrBareSeconds() {
        XCTAssertEqual(DurationArgument(argument: "500ms")?.duration, .milliseconds(500))
        XCTAssertEqual(DurationArgument(argument: "30s")?.duration, .seconds(30))
        XCTAssertEqual(DurationArgument(argument: "5m")?.duration, .seconds(300))
        XCTAssertEqual(DurationArgument(argument: "1h")?.duration, .seconds(3600))
        XCTAssertEqual(DurationArgument(argument: "1.5")?.duration, .milliseconds(1500))
        XCTAssertEqual(DurationArgument(argument: "2S")?.duration, .seconds(2), "units in any case")
        for bad in ["0s", "-1s", "soon", "", "0.1ms", "nan", "inf"] {
            XCTAssertNil(DurationArgument(argument: bad), bad)
        }
        XCTAssertEqual(DurationArgument(.milliseconds(1500)).defaultValueDescription, "1500ms")
        XCTAssertEqual(DurationArgument(.seconds(30)).defaultValueDescription, "30s")
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
        XCTAssertNil(CellSizeArgument(argument: "80"))
        XCTAssertEqual(ImageFormatArgument(argument: "SIXEL")?.format, .sixel)
        XCTAssertNil(ImageFormatArgument(argument: "png"))
    }

    func testABareWatchGetsAutoBeforeAnotherOptionOrAtTheEnd() {
        XCTAssertEqual(WatchArgument.withDefaultInterval(["--watch"]), ["--watch", "auto"])
        XCTAssertEqual(WatchArgument.withDefaultInterval(["--watch", "--all"]), ["--watch", "auto", "--all"])
        XCTAssertEqual(WatchArgument.withDefaultInterval(["--watch", "30s"]), ["--watch", "30s"])
        XCTAssertEqual(WatchArgument.withDefaultInterval(["--", "--watch"]), ["--", "--watch"], "past -- nothing is an option")
        XCTAssertNil(WatchArgument(argument: "auto")?.interval)
        XCTAssertEqual(WatchArgument(argument: "10s")?.interval, .seconds(10))
        XCTAssertNil(WatchArgument(argument: "0s"))
    }
}
