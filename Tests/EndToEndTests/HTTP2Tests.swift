#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import XCTest

/// HTTP/2 over TLS against a real HTTP/2 server, `nghttpd` (Debian's `nghttp2-server`), with a
/// certificate from a test CA: libsoup negotiates h2 by ALPN, and `-v` says so.
final class HTTP2Tests: XCTestCase {
    func testAnHTTP2ServerIsSpokenToInHTTP2AndVerboseSaysSo() throws {
        guard let nghttpd = ["/usr/bin/nghttpd", "/usr/sbin/nghttpd"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("nghttpd is missing: scripts/install-deps installs nghttp2-server")
        }
        let authority = try TestCertificateAuthority()
        let pem = try authority.serverPEM(.valid)
        let keyStart = try XCTUnwrap(pem.range(of: "-----BEGIN PRIVATE KEY-----"))
        let certificate = try authority.write(String(pem[..<keyStart.lowerBound]), as: "h2.pem")
        let key = try authority.write(String(pem[keyStart.lowerBound...]), as: "h2.key")
        let root = authority.directory.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try #"[{"id":1,"title":"over h2","body":"b"}]"#.write(to: root.appendingPathComponent("posts.json"), atomically: true, encoding: .utf8)

        let port = try LoopbackPort.free()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: nghttpd)
        server.arguments = ["--htdocs", root.path, "--address", "127.0.0.1", "\(port)", key, certificate]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { LoopbackPort.accepts(port) }, "nghttpd listens on \(port)")

        let run = try LoadrunProcess(["-v", "--url", "https://127.0.0.1:\(port)/posts.json", "--cacert", authority.caFile, "--no-cache", "--output", "text"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.hasPrefix("1  over h2"), run.standardOutput)
        let lines = run.standardErrorLines
        for expected in ["> GET /posts.json HTTP/2", "< HTTP/2 200 OK", "* HTTP/2 with 127.0.0.1:\(port)", "* issued by: CN=loadrun test CA"] {
            XCTAssertTrue(lines.contains(expected), "\(expected) in \(lines)")
        }
    }
}
