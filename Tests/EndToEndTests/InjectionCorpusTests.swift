#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// Every terminal-injection payload, through every path by which outside text reaches the
/// terminal, checked byte for byte: nothing that can drive a terminal comes out.
final class InjectionCorpusTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-injection-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Asserts that `bytes` are inert, and that they carry the payloads' `MARK` (they reached
    /// this path), `expectedMarks` times at least.
    private func assertInert(_ bytes: [UInt8], _ what: String, marks expectedMarks: Int = 1,
                             file: StaticString = #filePath, line: UInt = #line) {
        let violations = InjectionCorpus.violations(in: bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(violations, [], "\(what): \(text.debugDescription)", file: file, line: line)
        let marks = text.components(separatedBy: "MARK").count - 1
        XCTAssertGreaterThanOrEqual(marks, expectedMarks, "\(what) carried the payloads: \(text.debugDescription)", file: file, line: line)
    }

    private func assertInert(_ run: LoadrunProcess, _ what: String, stdoutMarks: Int = 0, stderrMarks: Int = 1,
                             file: StaticString = #filePath, line: UInt = #line) {
        assertInert(run.standardOutputBytes, "\(what), stdout", marks: stdoutMarks, file: file, line: line)
        assertInert(run.standardErrorBytes, "\(what), stderr", marks: stderrMarks, file: file, line: line)
    }

    /// The payloads as a JSON string literal, as a hostile server would send them: C0 escaped,
    /// the rest raw.
    private static func jsonString(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: literal += "\\\""
            case 0x5C: literal += "\\\\"
            case ..<0x20: literal += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    private static var hostilePosts: String {
        let text = jsonString(InjectionCorpus.all)
        return #"[{"id":1,"userId":\#(text.count),"title":\#(text),"body":\#(text)}]"#
    }

    // MARK: Names, URLs and errors on stderr

    func testTheAnnounceAndErrorLinesOfAHostileURLAreInertInEveryMode() throws {
        let url = "http://127.0.0.1:9/X\(InjectionCorpus.urlSafe)"
        for format in ["text", "json", "ndjson"] {
            let run = try LoadrunProcess(["--url", url, "--no-retry", "--output", format])
            XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
            // The name is the URL's last segment, in printable characters only.
            XCTAssertTrue(run.standardError.hasPrefix("XMARK[2J[31mred[0m_MARK]0;PWNTITLE_MARK]: "), run.standardError)
            assertInert(run, "--output \(format)", stdoutMarks: format == "ndjson" ? 2 : 0, stderrMarks: 2)
        }
    }

    func testAMissingFileWithAHostileNameIsReportedInertly() throws {
        let run = try LoadrunProcess(["--url", "file://\(scratch.path)/\(InjectionCorpus.fileName).json"])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertTrue(run.standardError.contains("there is no file"), run.standardError)
        assertInert(run, "missing file", stderrMarks: 8)
    }

    func testAHostileReasonPhraseIsInertOnStderrAndEscapedInNDJSON() throws {
        let server = RawHTTPServer(.respond("HTTP/1.1 500 \(InjectionCorpus.oneLine)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))
        let text = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--no-retry"])
        XCTAssertEqual(text.waitForExit(), .exited(2))
        assertInert(text, "reason phrase")

        let ndjson = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--no-retry", "--output", "ndjson"])
        XCTAssertEqual(ndjson.waitForExit(), .exited(2))
        assertInert(ndjson, "reason phrase, ndjson", stdoutMarks: 1, stderrMarks: 0)
        let lines = ndjson.standardOutput.split(separator: "\n")
        let failed = try XCTUnwrap(lines.last)
        XCTAssertTrue(failed.contains(#"\u009b2J\u009d0;PWNTITLE\u009c"#), String(failed))
        // Escaped, not dropped: the same data comes back from the JSON.
        let record = try JSONSerialization.jsonObject(with: Data(failed.utf8)) as? [String: Any]
        XCTAssertTrue((record?["error"] as? String)?.contains("MARK\u{9B}2J\u{9D}0;PWNTITLE") == true, String(failed))
    }

    // MARK: Content

    func testHostileContentIsInertAsTextJSONAndNDJSON() throws {
        let server = TestServer { server, _ in
            server.route("/posts", TestRoutes.fixed(Self.hostilePosts))
            let article = #"{"title":\#(Self.jsonString(InjectionCorpus.all)),"body":\#(Self.jsonString(InjectionCorpus.all))}"#
            server.route("/article", TestRoutes.fixed(article))
        }
        let count = InjectionCorpus.payloads.count
        for (path, plugin) in [("/posts", "posts"), ("/article", "articles")] {
            let text = try LoadrunProcess(["--url", server.url(path), "--plugin", plugin])
            XCTAssertEqual(text.waitForExit(), .exited(0), text.standardError)
            XCTAssertTrue(text.standardOutput.contains("MARK␛]52;c;UFdORUQ=␇"), text.standardOutput)
            assertInert(text, "\(plugin) as text", stdoutMarks: plugin == "posts" ? count + 1 : 2 * count, stderrMarks: 0)

            let json = try LoadrunProcess(["--url", server.url(path), "--plugin", plugin, "--output", "json"])
            XCTAssertEqual(json.waitForExit(), .exited(0), json.standardError)
            assertInert(json, "\(plugin) as JSON", stdoutMarks: 2 * count, stderrMarks: 0)
            XCTAssertTrue(json.standardOutput.contains(#"\u202etxt.exe\u202c\u2066iso\u2069"#), json.standardOutput)
            // Escaped, not changed: the title decodes to exactly what the server sent.
            let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
            let title = ((document as? [[String: Any]])?.first ?? document as? [String: Any])?["title"] as? String
            XCTAssertEqual(title, InjectionCorpus.all)
        }
        let ndjson = try LoadrunProcess(["--url", server.url("/posts"), "--output", "ndjson"])
        XCTAssertEqual(ndjson.waitForExit(), .exited(0))
        assertInert(ndjson, "ndjson", stdoutMarks: 0, stderrMarks: 0)
    }

    func testADeclaredPluginsOutputAndListingAreInert() throws {
        let plugins = scratch.appendingPathComponent("loadrun/plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        // A key file writes a backslash as \\: the value read is then the payload itself.
        let hostile = InjectionCorpus.oneLine.replacingOccurrences(of: "\\", with: "\\\\")
        // A list in a key file is separated by `;`, and each media type needs its `/`.
        let mediaType = "x/" + hostile.replacingOccurrences(of: ";", with: ":")
        try Data("""
            [Plugin]
            MediaTypes=application/json;\(mediaType)
            Items=
            Title=title
            Template={id} {title} \(hostile)
            Summary=\(hostile)

            """.utf8).write(to: plugins.appendingPathComponent("evil.plugin"))
        // Without Summary=, the listing describes Items= and Template=.
        try Data("[Plugin]\nMediaTypes=x/none\nItems=/\(hostile)\nTitle=title\nTemplate=\(hostile)\n".utf8)
            .write(to: plugins.appendingPathComponent("evil2.plugin"))
        let environment = ["XDG_DATA_HOME": scratch.path]

        let listing = try LoadrunProcess(["plugins"], environment: environment)
        XCTAssertEqual(listing.waitForExit(), .exited(0), listing.standardError)
        XCTAssertTrue(listing.standardOutput.contains("evil2"), listing.standardOutput)
        assertInert(listing, "loadrun plugins", stdoutMarks: 3 * InjectionCorpus.payloads.count, stderrMarks: 0)

        let server = TestServer { server, _ in server.route("/items", TestRoutes.fixed(Self.hostilePosts)) }
        let run = try LoadrunProcess(["--url", server.url("/items"), "--plugin", "evil"], environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.hasPrefix("1 MARK"), run.standardOutput)
        assertInert(run, "a declared plugin's text", stdoutMarks: 2 * InjectionCorpus.payloads.count, stderrMarks: 0)
        let json = try LoadrunProcess(["--url", server.url("/items"), "--plugin", "evil", "--output", "json"], environment: environment)
        XCTAssertEqual(json.waitForExit(), .exited(0), json.standardError)
        assertInert(json, "a declared plugin's JSON", stdoutMarks: 2 * InjectionCorpus.payloads.count, stderrMarks: 0)
    }

    // MARK: The sources file

    func testASourcesFileAtAHostilePathWithAHostileURLIsListedAndWarnedAboutInertly() throws {
        let directory = scratch.appendingPathComponent(InjectionCorpus.fileName)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("sources.conf")
        let hostile = InjectionCorpus.urlSafe.replacingOccurrences(of: ";", with: "_").replacingOccurrences(of: "\\", with: "\\\\")
        try Data("[source evil]\nurl=http://127.0.0.1:9/\(hostile)\nheaders=Authorization=Bearer secret\n".utf8).write(to: config)
        chmod(config.path, 0o644)

        let listing = try LoadrunProcess(["sources", "--config", config.path])
        XCTAssertEqual(listing.waitForExit(), .exited(0), listing.standardError)
        XCTAssertTrue(listing.standardError.contains("holds a secret"), listing.standardError)
        assertInert(listing, "loadrun sources", stdoutMarks: InjectionCorpus.payloads.count, stderrMarks: 8)

        let load = try LoadrunProcess(["--config", config.path, "--source", "evil", "--no-retry"])
        XCTAssertEqual(load.waitForExit(), .exited(2))
        assertInert(load, "loading from it", stderrMarks: 8 + InjectionCorpus.payloads.count)
    }

    // MARK: The serve log

    func testServeLogsAHostileRequestInertly() throws {
        let serve = try LoadrunProcess(["serve", "--port", "0"])
        defer { serve.send(SIGTERM) }
        XCTAssertTrue(serve.waitForStandardError(containing: "Ctrl-C to stop"), serve.standardError)
        let port = try XCTUnwrap(serve.standardOutput.split(separator: "\n").first?.split(separator: ":").last?
            .split(separator: "/").first.flatMap { Int($0) })
        let method = InjectionCorpus.oneLine.replacingOccurrences(of: " ", with: "")
        try sendRaw("\(method) /posts\(InjectionCorpus.urlSafe) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", to: port)
        // The log line for it names the status, so its arrival is the event to wait for.
        XCTAssertTrue(serve.waitForStandardError(containing: " 404\n"), serve.standardError)
        assertInert(serve.standardErrorBytes, "serve log", marks: 2 * InjectionCorpus.payloads.count)
    }

    /// Writes `request` to 127.0.0.1:`port` and reads the answer to its end.
    private func sendRaw(_ request: String, to port: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(connected, 0)
        let bytes = Array(request.utf8)
        XCTAssertEqual(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, bytes.count)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(fd, &buffer, buffer.count) > 0 {}
    }

    // MARK: Watch

    func testWatchOnAPipeIsInert() throws {
        let served = Counter()
        let server = TestServer { server, _ in
            server.route("/X\(InjectionCorpus.urlSafe)", TestRoutes.fixed(Self.hostilePosts, requests: served))
        }
        let good = try LoadrunProcess(["--url", server.url("/X\(InjectionCorpus.urlSafe)"), "--plugin", "posts", "--watch", "100ms"])
        let bad = try LoadrunProcess(["--url", "http://127.0.0.1:9/X\(InjectionCorpus.urlSafe)", "--no-retry", "--watch", "100ms"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { served.count >= 3 && bad.standardErrorLines.count >= 3 }, bad.standardError)
        good.send(SIGTERM)
        bad.send(SIGTERM)
        XCTAssertEqual(good.waitForExit(), .exited(143))
        XCTAssertEqual(bad.waitForExit(), .exited(143))
        assertInert(good, "watch on a pipe", stdoutMarks: InjectionCorpus.payloads.count + 1, stderrMarks: 1)
        assertInert(bad, "watch on a pipe, failing", stderrMarks: 3)
    }

    func testTheFullScreenViewLeavesTheTitleAndThePasteBuffersAlone() throws {
        try TmuxSession.requireTmux()
        let server = TestServer { server, _ in
            server.route("/X\(InjectionCorpus.urlSafe)", TestRoutes.fixed(Self.hostilePosts))
        }
        let command = "env -u NO_COLOR '\(LoadrunProcess.binaryPath)' --url '\(server.url("/X\(InjectionCorpus.urlSafe)"))' --plugin posts --watch 1h"
        let tmux = try TmuxSession(command, width: 120, height: 40, acceptingClipboardWrites: true)
        let title = tmux.paneTitle
        XCTAssertTrue(tmux.waitForScreen(containing: "MARK␛]52;c;UFdORUQ=␇"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("XMARK[2J[31mred[0m"), "the status line names the source: \(tmux.screen())")
        XCTAssertEqual(tmux.paneTitle, title, "no OSC 0 or 2 got through")
        XCTAssertFalse(tmux.paneTitle.contains("PWN"))
        XCTAssertEqual(tmux.pasteBuffers, "", "no OSC 52 got through")
        XCTAssertEqual(InjectionCorpus.violations(in: Array(tmux.screen().utf8)), [])
        try tmux.send("q")
    }
}
