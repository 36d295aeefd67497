import Loader
import XCTest

final class KeyFileTests: XCTestCase {
    func testReadsValuesListsAndLines() throws {
        let file = try KeyFile.parse("""
            # a comment
            [Plugin]
            MediaTypes=application/json; application/vnd.api+json ;
            Template=first\\nsecond
            Empty=

            [Other]
            Key = spaced
            """)
        XCTAssertEqual(file.list("Plugin", "MediaTypes"), ["application/json", "application/vnd.api+json"])
        XCTAssertEqual(file.string("Plugin", "Template"), "first\nsecond", "GLib's escapes are decoded")
        XCTAssertEqual(file.string("Plugin", "Empty"), "")
        XCTAssertNil(file.string("Plugin", "Missing"))
        XCTAssertEqual(file.string("Other", "Key"), "spaced")
        XCTAssertEqual(file.line(ofGroup: "Plugin"), 2)
        XCTAssertEqual(file.line(ofKey: "Template", inGroup: "Plugin"), 4)
        XCTAssertEqual(file.line(ofKey: "Key", inGroup: "Other"), 8)
        XCTAssertNil(file.line(ofKey: "Key", inGroup: "Plugin"), "keys are looked up in their own group")
    }

    /// A file written on Windows: CRLF line ends, a blank line among them.
    func testCRLFLinesAreLinesAndABlankOneIsBlank() throws {
        let file = try KeyFile.parse("[A]\r\nurl=http://a.test/\r\n\r\n[B]\r\nurl=http://b.test/\r\n")
        XCTAssertEqual(file.lineProblems, [])
        XCTAssertEqual(file.string("B", "url"), "http://b.test/")
        XCTAssertEqual(file.line(ofGroup: "B"), 4)
        XCTAssertEqual(file.line(ofKey: "url", inGroup: "B"), 5)
    }

    func testSyntaxErrorsNameTheLine() {
        XCTAssertThrowsError(try KeyFile.parse("[Plugin]\nName=x\nthis line is broken\n")) { error in
            XCTAssertEqual((error as? KeyFileError)?.line, 3)
            XCTAssertTrue((error as? KeyFileError)?.message.contains("this line is broken") ?? false)
        }
        XCTAssertThrowsError(try KeyFile.parse("\n# intro\nName=x\n")) { error in
            XCTAssertEqual((error as? KeyFileError)?.line, 3, "the first meaningful line, which lacks a group")
        }
        XCTAssertThrowsError(try KeyFile.parse("[Plugin\nName=x\n")) { error in
            XCTAssertEqual((error as? KeyFileError)?.line, 1)
        }
    }

    func testGroupsKeepTheFileOrderAndARepeatedGroupIsFound() throws {
        let file = try KeyFile.parse("[source b]\nurl=x\n\n[source a]\nurl=y\n[source b]\nplugin=posts\n[source a]\n[source b]\n")
        XCTAssertEqual(file.groupNames, ["source b", "source a"], "GLib merges the repeat into the first")
        XCTAssertEqual(file.repeatedGroups.map(\.name), ["source b", "source a"], "each repeated group once, in order")
        XCTAssertEqual(file.repeatedGroups.map(\.line), [6, 8])
        XCTAssertEqual(file.keys(inGroup: "source b"), ["plugin", "url"])
        XCTAssertTrue(try KeyFile.parse("[a]\nk=v\n[b]\nk=v\n").repeatedGroups.isEmpty)
    }

    func testListsSplitOnSemicolonsButNotOnEscapedOnes() throws {
        let file = try KeyFile.parse("[g]\nheaders=Cookie=a=1\\;b=2; X-Trace=on ;;\n")
        XCTAssertEqual(file.list("g", "headers"), ["Cookie=a=1;b=2", "X-Trace=on"])
    }
}
