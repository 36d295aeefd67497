import TestSupport
import XCTest

/// `loadrun --help`'s usage line names every option the command takes, so that no option
/// group is found only by reading the whole list.
final class HelpUsageTests: XCTestCase {
    func testTheUsageNamesEveryOption() throws {
        let help = try LoadrunProcess(["--help", "all"])
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
        let short = try LoadrunProcess(["-h"])
        XCTAssertEqual(short.waitForExit(), .exited(0), short.standardError)
        XCTAssertTrue(short.standardOutput.hasPrefix("loadrun: load web content"), short.standardOutput)
        for arguments in [["--bogus", "--help"], ["sources", "--help"]] {
            let help = try LoadrunProcess(arguments)
            XCTAssertEqual(help.waitForExit(), .exited(0), "\(arguments): \(help.standardError)")
            XCTAssertTrue(help.standardOutput.contains("USAGE:"), "\(arguments): \(help.standardOutput)")
        }
        let operand = try LoadrunProcess(["--", "--help"])
        XCTAssertEqual(operand.waitForExit(), .exited(64))
        XCTAssertEqual(operand.standardOutput, "")
        XCTAssertTrue(operand.standardError.contains("unknown source \"--help\""), operand.standardError)
    }

    /// `--help all` is answered without the parse (start-up): with the text the parser gives
    /// when it finds the help flag among other options, at the width asked for.
    func testHelpAllIsTheHelpTheParserGives() throws {
        for columns in ["80", "132"] {
            let environment = ["COLUMNS": columns]
            let parsed = try LoadrunProcess(["--no-cache", "--help"], environment: environment)
            XCTAssertEqual(parsed.waitForExit(), .exited(0), parsed.standardError)
            for flag in ["--help", "-h"] {
                let all = try LoadrunProcess([flag, "all"], environment: environment)
                XCTAssertEqual(all.waitForExit(), .exited(0), all.standardError)
                XCTAssertEqual(all.standardOutput, parsed.standardOutput, "\(flag) all at \(columns) columns")
                XCTAssertEqual(all.standardError, "")
            }
        }
    }

    /// The options `--help all` shows, by long name.
    private func everyOption() throws -> [String] {
        let help = try LoadrunProcess(["--help", "all"])
        XCTAssertEqual(help.waitForExit(), .exited(0))
        return help.standardOutput.matches(of: /(?m)^  (?:-\S, )*--([a-z][a-z0-9-]*(?:\.[0-9]+)?)/).map { String($0.1) }
            .filter { !["help", "version"].contains($0) }
    }

    /// `--help` fits a screen, as curl's does, and names only options there are; each topic
    /// shows its options as `--help all` does, and every option is in a topic.
    func testHelpFitsAScreenAndEveryOptionIsInATopic() throws {
        let short = try LoadrunProcess(["--help"])
        XCTAssertEqual(short.waitForExit(), .exited(0), short.standardError)
        XCTAssertLessThan(short.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).count, 60, short.standardOutput)
        let options = try everyOption()
        XCTAssertGreaterThan(options.count, 70)
        for named in short.standardOutput.matches(of: /--([a-z][a-z0-9-.]*)/).map({ String($0.1) }) where !["help", "port", "silent"].contains(named) {
            XCTAssertTrue(options.contains(named), "--help names --\(named), which is no option")
        }
        let topics = ["sources", "watch", "browse", "streams", "scripting", "history", "output", "credentials", "requests", "downloads", "cookies"]
        var covered = Set<String>()
        for topic in topics {
            XCTAssertTrue(short.standardOutput.contains(topic), "--help names the topic \(topic)")
            let help = try LoadrunProcess(["--help", topic])
            XCTAssertEqual(help.waitForExit(), .exited(0), help.standardError)
            covered.formUnion(help.standardOutput.matches(of: /(?m)^  (?:-\S, )*--([a-z][a-z0-9-]*(?:\.[0-9]+)?)/).map { String($0.1) })
        }
        XCTAssertEqual(Set(options).subtracting(covered), [], "options in no topic")
        let cookies = try LoadrunProcess(["--help", "cookies"])
        XCTAssertEqual(cookies.waitForExit(), .exited(0))
        XCTAssertTrue(cookies.standardOutput.contains("-b, --cookie") && cookies.standardOutput.contains("-c, --cookie-jar"), cookies.standardOutput)
        let unknown = try LoadrunProcess(["--help", "cookys"])
        XCTAssertEqual(unknown.waitForExit(), .exited(64))
        XCTAssertTrue(unknown.standardError.contains("cookies"), unknown.standardError)
    }
}
