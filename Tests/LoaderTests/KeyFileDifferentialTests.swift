@testable import Loader
import XCTest

/// `KeyFile` reads a key file with its own parser; GKeyFile (`KeyFileGLib`) is the rule. Each
/// case is screened as `KeyFile.parse(lenient:)` screens it, then read by both: the groups,
/// their keys and every value must agree, and a file GLib refuses must be refused the same.
final class KeyFileDifferentialTests: XCTestCase {
    private let cases: [String] = [
        "",
        "# only a comment\n",
        "[g]\na=1\nb=2\n",
        "[g]\na=1\nb=2",
        "[g]\n  a  =  spaced both sides  \n\tb\t=\ttabbed\t\n",
        "[g]\nescapes=\\s lead\\n new\\t tab\\r cr \\\\ back\n",
        "[g]\nlist=a\\;b;c\n",
        "[g]\nrelated=x:/a/{id};y:/b/{id}\n",
        "[g]\na=1\na=2\nb=\n",
        "[g]\na=1\n[h]\nb=2\n[g]\na=3\nc=4\n",
        "[g]\na=1\n[h]\n[g]\n[h]\n[g]\nz=9\n",
        "[g]\r\na=crlf\r\n\r\n[h]\r\nb=2\r\n",
        "[g]\na=cr at the end\r",
        "[g]\na=two crs\r\r\n",
        "[g]  \t\na=1\n",
        "[g]\r \na=1\n",
        "[g] x\na=1\n",
        "[g]\na]b=1\n",
        "[g]\n\u{0B}a=vertical tab\n",
        "[g]\n\u{0C}a\u{0C}=\u{0C}form feeds\n",
        "[g]\n\ra=carriage return first\n",
        "[g]\n\u{0C}#a=form feed comment\n",
        "  # indented comment\n[g]\n  [h]\na=1\n",
        "[g]\na=b=c\n",
        "[g]\nmy key=inner space\n",
        "[g]\nname=ünïcødé ✓\n[grüppe]\nk=v\n",
        "[source a]\nurl=http://a.test/\n[source  b ]\nurl=http://b.test/\n",
        "[g]\n=no key\nb=1\n",
        "[g]\nnot a pair\nb=1\n",
        "key=before any group\n[g]\na=1\n",
        "[g]\nbad=\\x escape\nok=1\n",
        "[g]\nlone=backslash\\\n",
        "[g]\nlocale[de]=x\nok=1\n",
        "[g]\na=\u{00}nul\nb=1\n",
        "[g]\na=1\n[]\nb=2\n",
        "[g[x]]\na=1\n",
        "[g]\nvalue=  \\s  kept\n",
        "[g]\nempty=\nblank=   \n",
        "\n\n\n[g]\n\n\na=1\n\n",
    ]

    func testKeyFileReadsEveryCaseAsGKeyFileDoes() {
        for text in cases {
            let screened = KeyFileScreen.screen(Array(text.utf8)).bytes
            let reference = KeyFileGLib.parse(String(decoding: screened, as: UTF8.self))
            let parsed: Result<KeyFile, KeyFileError> = Result { () throws(KeyFileError) in try KeyFile.parse(lenient: Array(text.utf8)) }
            switch (reference, parsed) {
            case (.failure(let expected), .failure(let error)):
                XCTAssertEqual(error, expected, "\(text.debugDescription)")
            case (.success(let expected), .success(let file)):
                XCTAssertEqual(file.groupNames, expected.groups, "\(text.debugDescription)")
                for group in expected.groups {
                    let values = expected.values[group] ?? [:]
                    XCTAssertEqual(file.keys(inGroup: group), values.keys.sorted(), "\(text.debugDescription) [\(group)]")
                    for (key, value) in values {
                        XCTAssertEqual(file.string(group, key), value, "\(text.debugDescription) [\(group)] \(key)")
                    }
                }
            default:
                XCTFail("\(text.debugDescription): GKeyFile \(reference), KeyFile \(parsed)")
            }
        }
    }

    /// Lines and repeats, which GKeyFile does not tell: the first header, a key's first line
    /// under it, and each reopened group once.
    func testLinesOfGroupsKeysAndRepeats() throws {
        let file = try KeyFile.parse("[g]\na=1\na=2\n[h]\nb=1\n[g]\nc=3\n[h]\n[g]\n")
        XCTAssertEqual(file.line(ofGroup: "g"), 1)
        XCTAssertEqual(file.line(ofKey: "a", inGroup: "g"), 2, "the first line that sets it")
        XCTAssertEqual(file.string("g", "a"), "2", "the last value wins, as in GLib")
        XCTAssertNil(file.line(ofKey: "c", inGroup: "g"), "looked for under the first header only")
        XCTAssertEqual(file.string("g", "c"), "3")
        XCTAssertEqual(file.repeatedGroups.map(\.name), ["g", "h"])
        XCTAssertEqual(file.repeatedGroups.map(\.line), [6, 8])
        XCTAssertEqual(file.keys(inGroup: "g"), ["a", "c"])
    }
}
