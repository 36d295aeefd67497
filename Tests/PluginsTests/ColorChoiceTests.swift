import Plugins
import XCTest

/// `--color`: the one decision every style loadrun draws comes from.
final class ColorChoiceTests: XCTestCase {
    func testAutoIsATerminalWithoutNoColorAlwaysAndNeverAreWhatTheySay() {
        let plain: [String: String] = [:]
        XCTAssertTrue(ColorChoice.auto.allowsStyling(onTerminal: true, environment: plain))
        XCTAssertFalse(ColorChoice.auto.allowsStyling(onTerminal: false, environment: plain), "a pipe")
        XCTAssertFalse(ColorChoice.auto.allowsStyling(onTerminal: true, environment: ["NO_COLOR": "1"]))
        XCTAssertTrue(ColorChoice.auto.allowsStyling(onTerminal: true, environment: ["NO_COLOR": ""]), "an empty NO_COLOR is unset")
        XCTAssertFalse(ColorChoice.auto.allowsStyling(onTerminal: true, environment: ["TERM": "dumb"]))
        XCTAssertTrue(ColorChoice.always.allowsStyling(onTerminal: false, environment: ["NO_COLOR": "1"]), "asked for, on a pipe")
        XCTAssertFalse(ColorChoice.never.allowsStyling(onTerminal: true, environment: plain))
        XCTAssertTrue(ColorChoice.auto.refusesColor(environment: ["NO_COLOR": "1"]))
        XCTAssertFalse(ColorChoice.auto.refusesColor(environment: plain), "an image forced onto a pipe keeps its colours")
        XCTAssertTrue(ColorChoice.never.refusesColor(environment: plain))
        XCTAssertFalse(ColorChoice.always.refusesColor(environment: ["NO_COLOR": "1"]))
    }
}
