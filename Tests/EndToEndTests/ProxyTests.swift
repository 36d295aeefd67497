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
}
