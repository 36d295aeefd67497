import Foundation
import SampleSource
import TestSupport
import XCTest

/// Certificates: refused with the reason and the remedy by default; trusted through
/// `--cacert`, `SSL_CERT_FILE` or the sources file; accepted unchecked with `-k`, never
/// silently. Against in-process HTTPS servers whose certificates a test CA issues at run time.
final class TLSTrustTests: XCTestCase {
    private var authority: TestCertificateAuthority!

    override func setUpWithError() throws {
        authority = try TestCertificateAuthority()
    }

    override func tearDown() {
        authority = nil
    }

    private func server(_ kind: TestCertificateAuthority.Kind) throws -> TestServer {
        TestServer(tlsCertificatePEM: try authority.serverPEM(kind)) { server, _ in
            server.route("/posts") { $0.respond(status: 200, contentType: "application/json", text: Fixtures.posts(2)) }
        }
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> LoadrunProcess {
        let run = try LoadrunProcess(arguments + ["--no-cache", "--no-retry"], environment: environment)
        _ = run.waitForExit()
        return run
    }

    func testAnUnknownIssuerIsRefusedWithTheRemedyAndTrustedThroughCacertOrSSLCertFile() throws {
        let server = try server(.valid)
        let url = server.url("/posts")
        let refused = try run(["--url", url])
        XCTAssertEqual(refused.waitForExit(), .exited(2))
        XCTAssertEqual(refused.standardErrorLines.last, "posts: the certificate of 127.0.0.1:\(server.port) is issued by an unknown authority — "
                       + "if you trust this server, give --cacert with its CA's PEM file (cacert= in the sources file), or -k to accept it unchecked")
        let trusted = try run(["--url", url, "--cacert", authority.caFile])
        XCTAssertEqual(trusted.waitForExit(), .exited(0), trusted.standardError)
        XCTAssertEqual(try PipeJSON.titles(trusted.standardOutput), ["Post number 1", "Post number 2"], trusted.standardOutput)
        let fromEnvironment = try run(["--url", url], environment: ["SSL_CERT_FILE": authority.caFile])
        XCTAssertEqual(fromEnvironment.waitForExit(), .exited(0), fromEnvironment.standardError)
        // GLib's file database takes absolute paths only: a relative one is made so.
        let relative = try LoadrunProcess(shell: #"cd "$0" && "$LOADRUN" --url "$1" --cacert ca.pem --no-cache"#,
                                          arguments: [authority.directory.path, url])
        XCTAssertEqual(relative.waitForExit(), .exited(0), relative.standardError)
        XCTAssertFalse(relative.standardError.contains("WARNING"), relative.standardError)
    }

    func testAnExpiredCertificateOrOneForAnotherHostIsRefusedEvenFromATrustedCA() throws {
        let cases: [(TestCertificateAuthority.Kind, String, String)] = [
            (.expired, "is expired", "the server's certificate needs renewing, or this machine's clock is wrong"),
            (.wrongHost, "is for another host", "check the URL's host"),
        ]
        for (kind, words, advice) in cases {
            let server = try server(kind)
            let run = try run(["--url", server.url("/posts"), "--cacert", authority.caFile])
            XCTAssertEqual(run.waitForExit(), .exited(2), "\(kind)")
            XCTAssertEqual(run.standardErrorLines.last, "posts: the certificate of 127.0.0.1:\(server.port) \(words) — "
                           + "\(advice); -k accepts the certificate unchecked, if you must")
        }
    }

    func testInsecureAcceptsAnyCertificateWithOneWarningPerHostEvenWhenQuiet() throws {
        let server = try server(.expired)
        let run = try run(["--url", server.url("/posts"), "--url", server.url("/posts?again"), "-k", "-q"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardErrorLines, ["loadrun: warning: accepting the certificate of 127.0.0.1:\(server.port), which is expired "
                                                + "and issued by an unknown authority, unchecked (-k)"])
        XCTAssertTrue(run.standardOutput.contains("Post number 2"), run.standardOutput)
    }

    func testTheSourcesFileSetsTrustPerSource() throws {
        let server = try server(.valid)
        let config = try authority.write("""
            [source trusted]
            url=\(server.url("/posts"))
            cacert=ca.pem

            [source unchecked]
            url=\(server.url("/posts"))
            insecure=true

            [source plain]
            url=\(server.url("/posts"))
            """, as: "sources.conf")
        let trusted = try run(["--config", config, "--source", "trusted"])
        XCTAssertEqual(trusted.waitForExit(), .exited(0), "a relative cacert= is read beside the file: \(trusted.standardError)")
        let unchecked = try run(["--config", config, "--source", "unchecked"])
        XCTAssertEqual(unchecked.waitForExit(), .exited(0), unchecked.standardError)
        XCTAssertTrue(unchecked.standardError.contains("warning: accepting the certificate"), unchecked.standardError)
        let plain = try run(["--config", config, "--source", "plain"])
        XCTAssertEqual(plain.waitForExit(), .exited(2), "trust set for one source is not another's")
    }

    func testACacertThatIsMissingEmptyOrNotPEMIsAUsageError() throws {
        let empty = try authority.write("", as: "empty.pem")
        let text = try authority.write("not a certificate\n", as: "text.pem")
        for (file, words) in [("/nonexistent/ca.pem", "cannot be read: no such file"), (empty, "holds no PEM certificate"), (text, "holds no PEM certificate")] {
            let run = try run(["--url", "https://127.0.0.1:9/posts", "--cacert", file])
            XCTAssertEqual(run.waitForExit(), .exited(64), file)
            XCTAssertTrue(run.standardError.contains("--cacert: \(file)") && run.standardError.contains(words), run.standardError)
        }
        let environment = try run(["--url", "https://127.0.0.1:9/posts"], environment: ["SSL_CERT_FILE": empty])
        XCTAssertEqual(environment.waitForExit(), .exited(64))
        XCTAssertTrue(environment.standardError.contains("SSL_CERT_FILE: \(empty)"), environment.standardError)

        // Broken past its marker: the look passes, and the first request that needs it says so.
        let broken = try authority.write("-----BEGIN CERTIFICATE-----\nbroken\n-----END CERTIFICATE-----\n", as: "broken.pem")
        let server = try server(.valid)
        for (arguments, environment) in [(["--cacert", broken], [String: String]()), ([], ["SSL_CERT_FILE": broken])] {
            let run = try run(["--url", server.url("/posts")] + arguments, environment: environment)
            XCTAssertEqual(run.waitForExit(), .exited(2))
            XCTAssertTrue(run.standardErrorLines.last?.hasPrefix("posts: cannot use the CA file \(broken): ") == true, run.standardError)
        }
    }

    /// libsoup keeps connections (and HTTP/2 shares one): a source that does not accept a
    /// certificate must not ride on a connection another source's -k let through.
    func testTrustIsEachSourcesOwnEvenOverAKeptConnection() throws {
        let server = try server(.valid)
        let config = try authority.write("""
            [source unchecked]
            url=\(server.url("/posts"))
            insecure=true

            [source plain]
            url=\(server.url("/posts?plain"))
            """, as: "shared.conf")
        let run = try run(["--config", config, "--source", "unchecked", "--source", "plain", "--max-per-host", "1"])
        XCTAssertEqual(run.waitForExit(), .exited(1), run.standardError)
        XCTAssertTrue(run.standardErrorLines.contains { $0.hasPrefix("plain: the certificate of 127.0.0.1:\(server.port) is issued by an unknown authority") },
                      run.standardError)
    }

    /// After a redirect, the certificate is judged for the host the request went to.
    func testARedirectedRequestIsJudgedAtItsNewHost() throws {
        let secure = try server(.addressOnly)
        let plain = TestServer { server, _ in
            server.route("/go", TestRoutes.redirect(to: "https://localhost:\(secure.port)/posts"))
        }
        let checked = try run(["--url", plain.url("/go"), "--cacert", authority.caFile, "--plugin", "posts"])
        XCTAssertEqual(checked.waitForExit(), .exited(2), checked.standardError)
        XCTAssertTrue(checked.standardErrorLines.last?.hasPrefix("go: the certificate of localhost:\(secure.port) is for another host") == true,
                      checked.standardError)
        let unchecked = try run(["--url", plain.url("/go"), "-k", "--plugin", "posts"])
        XCTAssertEqual(unchecked.waitForExit(), .exited(0), unchecked.standardError)
        XCTAssertTrue(unchecked.standardError.contains("warning: accepting the certificate of localhost:\(secure.port), which is for another host"),
                      unchecked.standardError)
    }
}
