import Foundation
import SampleSource
import TestSupport
import XCTest

/// Proxies as curl users set them: through the proxy variables, and a direct connection,
/// without GIO's proxy modules, when none is set.
final class ProxyTests: XCTestCase {
    private let unset = Dictionary(uniqueKeysWithValues: ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"].map { ($0, "") })

    func testHTTPProxyCarriesTheRequestAndWithoutOneNoProxyModuleIsLoaded() throws {
        let hosts = Record<[String]>()
        let proxy = TestServer { server, _ in
            server.route("/posts") { exchange in
                hosts.append([exchange.requestHeader("Host") ?? "-"])
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
            }
        }
        var environment = unset
        environment["http_proxy"] = proxy.url("")
        // A host that does not resolve: only the proxy can answer for it.
        let proxied = try LoadrunProcess(["--url", "http://loadrun-proxy-test.invalid/posts", "--plugin", "posts", "--no-cache"],
                                         environment: environment)
        XCTAssertEqual(proxied.waitForExit(), .exited(0), proxied.standardError)
        XCTAssertTrue(proxied.standardOutput.contains("Post number 1"), proxied.standardOutput)
        XCTAssertEqual(hosts.all, [["loadrun-proxy-test.invalid"]])

        var direct = unset
        direct["LD_DEBUG"] = "libs"
        let run = try LoadrunProcess(["--url", proxy.url("/posts"), "--plugin", "posts", "--no-cache"], environment: direct)
        XCTAssertEqual(run.waitForExit(), .exited(0), String(run.standardError.suffix(500)))
        XCTAssertTrue(run.standardError.contains("libsoup-3.0.so"), "the loader's log is there")
        XCTAssertFalse(run.standardError.contains("proxy.so"), "no proxy module without a proxy variable")
        XCTAssertEqual(hosts.all.count, 2)
    }

    func testDashXCarriesTheRequestOverTheProxyVariablesAndABadOneIsAUsageError() throws {
        let hosts = Record<String>()
        let proxy = TestServer { server, _ in
            server.route("/posts") { exchange in
                hosts.append(exchange.requestHeader("Host") ?? "-")
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
            }
        }
        var environment = unset
        // The variable names a port nothing listens on: -x goes over it.
        environment["http_proxy"] = "http://127.0.0.1:9"
        let proxied = try LoadrunProcess(["-x", proxy.url(""), "http://loadrun-proxy-test.invalid/posts", "--plugin", "posts", "--no-cache"],
                                         environment: environment)
        XCTAssertEqual(proxied.waitForExit(), .exited(0), proxied.standardError)
        XCTAssertTrue(proxied.standardOutput.contains("Post number 1"), proxied.standardOutput)
        let bare = try LoadrunProcess(["-x", proxy.url("").replacingOccurrences(of: "http://", with: ""), "http://loadrun-proxy-test.invalid/posts",
                                       "--plugin", "posts", "--no-cache"], environment: unset)
        XCTAssertEqual(bare.waitForExit(), .exited(0), "HOST:PORT alone is an http proxy: \(bare.standardError)")
        XCTAssertEqual(hosts.all, ["loadrun-proxy-test.invalid", "loadrun-proxy-test.invalid"])

        let wrong = try LoadrunProcess(["-x", "ftp://127.0.0.1:21", "http://loadrun-proxy-test.invalid/posts"])
        XCTAssertEqual(wrong.waitForExit(), .exited(64))
        XCTAssertTrue(wrong.standardError.contains("socks5://HOST:PORT"), wrong.standardError)
    }

    /// A proxy's 407 stands as an error, even with credentials in the proxy variable: libsoup
    /// 3.2.3 answers it, but sends the retry to the proxy's own URL (`GET http://proxy/`), whose
    /// answer would be taken for the source's. Credentials in the source's own URL still answer
    /// its server's 401 (RequestHeaderTests).
    func testAProxysChallengeIsReportedNotAnsweredWithTheWrongURL() throws {
        let seen = Record<[String]>()
        let proxy = TestServer { server, _ in
            server.route("/posts") { exchange in
                seen.append([exchange.requestHeader("Proxy-Authorization") ?? "-"])
                exchange.setHeader("Proxy-Authenticate", "Basic realm=\"proxy\"")
                exchange.respond(status: 407, text: "")
            }
        }
        var environment = unset
        environment["http_proxy"] = proxy.url("").replacingOccurrences(of: "http://", with: "http://u:p@")
        let run = try LoadrunProcess(["--url", "http://loadrun-proxy-test.invalid/posts", "--plugin", "posts", "--no-cache"],
                                     environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
        XCTAssertTrue(run.standardError.contains("HTTP 407"), run.standardError)
        XCTAssertEqual(seen.all, [["-"]], "one request, not answered")
    }
}
