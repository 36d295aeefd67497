import TestSupport
import XCTest

/// `loadrun --help`'s usage line names every option the command takes, so that no option
/// group is found only by reading the whole list.
final class HelpUsageTests: XCTestCase {
    func testTheUsageNamesEveryOption() throws {
        let help = try LoadrunProcess(["--help"])
        XCTAssertEqual(help.waitForExit(), .exited(0))
        let text = help.standardOutput
        let afterUsage = try XCTUnwrap(text.range(of: "USAGE:").map { text[$0.upperBound...] })
        let usageText = String(afterUsage.components(separatedBy: "\n\n").first ?? "")
        let options = text.split(separator: "OPTIONS:").last.map(String.init) ?? ""
        let shown = options.matches(of: /(?m)^\s+(?:-(\w), )?--([a-z][a-z0-9-]*(?:\.[0-9]+)?)/).map { ($0.1.map(String.init), String($0.2)) }
        XCTAssertTrue(shown.contains { $0.1 == "max-items" }, options)
        for (short, long) in shown where !["help", "version"].contains(long) {
            // An option is named by its long name, or by its short one where it has one (-H).
            let named = usageText.contains("--\(long) ") || usageText.contains("--\(long)]") || short.map { usageText.contains("-\($0) ") || usageText.contains("-\($0)]") } == true
            XCTAssertTrue(named, "the usage leaves out --\(long):\n\(usageText)")
        }
        XCTAssertTrue(usageText.contains("<url-or-source>"), usageText)
    }

    /// A help flag anywhere before `--` is help (exit 0, on stdout), whatever else the line
    /// holds; after `--` it is an operand like any other.
    func testAHelpFlagIsHelpUnlessItComesAfterTheEndOfOptions() throws {
        for arguments in [["-h"], ["--bogus", "--help"], ["sources", "--help"]] {
            let help = try LoadrunProcess(arguments)
            XCTAssertEqual(help.waitForExit(), .exited(0), "\(arguments): \(help.standardError)")
            XCTAssertTrue(help.standardOutput.contains("USAGE:"), "\(arguments): \(help.standardOutput)")
        }
        let operand = try LoadrunProcess(["--", "--help"])
        XCTAssertEqual(operand.waitForExit(), .exited(64))
        XCTAssertEqual(operand.standardOutput, "")
        XCTAssertTrue(operand.standardError.contains("unknown source \"--help\""), operand.standardError)
    }

    /// `--help` alone is answered without the parse (start-up): with the text the parser gives
    /// when it finds the help flag among other options, at the width asked for.
    func testHelpAloneIsTheHelpTheParserGives() throws {
        for columns in ["80", "132"] {
            let environment = ["COLUMNS": columns]
            let parsed = try LoadrunProcess(["--no-cache", "--help"], environment: environment)
            XCTAssertEqual(parsed.waitForExit(), .exited(0), parsed.standardError)
            for flag in ["--help", "-h"] {
                let alone = try LoadrunProcess([flag], environment: environment)
                XCTAssertEqual(alone.waitForExit(), .exited(0), alone.standardError)
                XCTAssertEqual(alone.standardOutput, parsed.standardOutput, "\(flag) at \(columns) columns")
                XCTAssertEqual(alone.standardError, "")
            }
        }
    }
}
