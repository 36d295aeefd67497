import Loader
import XCTest

/// What each GIO and libsoup failure means for a load, as a table: no loop, no server.
final class FailureMappingTests: XCTestCase {
    private let server = FailureSite.Peer.server(authority: "example.test:8080", host: "example.test")
    private let file = FailureSite.Peer.file(name: "/tmp/posts.json")

    func testEachFailureOfARequestHasItsCodeAndWords() {
        let table: [(GIOFailure?, FailureSite, LoadError.Code, String)] = [
            (nil, FailureSite(server), .network, "the request to example.test:8080 failed for no stated reason"),
            (GIOFailure(.cancelled), FailureSite(server), .cancelled, "cancelled"),
            (GIOFailure(.cancelled), FailureSite(server, stop: .cancelled), .cancelled, "cancelled"),
            (GIOFailure(.cancelled), FailureSite(server, stop: .deadline(.seconds(30))), .timedOut,
             "no complete response from example.test:8080 within 30 s"),
            (GIOFailure(.cancelled), FailureSite(server, stop: .connectTimeout(.milliseconds(1500))), .timedOut,
             "could not connect to example.test:8080 within 1.5 s"),
            (GIOFailure(.connectionRefused), FailureSite(server), .connectionRefused, "connection refused by example.test:8080"),
            (GIOFailure(.partialInput), FailureSite(server), .connectionReset,
             "example.test:8080 closed the connection without answering"),
            (GIOFailure(.partialInput), FailureSite(server, body: (received: 1000, declared: 4000)), .truncated,
             "the response from example.test:8080 ended after 1.0 KB of the 4.0 KB it declared"),
            (GIOFailure(.partialInput), FailureSite(server, body: (received: 10, declared: nil)), .truncated,
             "the response from example.test:8080 ended after 10 B"),
            (GIOFailure(.connectionClosed), FailureSite(server), .connectionReset, "the connection to example.test:8080 was reset"),
            (GIOFailure(.timedOut), FailureSite(server), .timedOut, "example.test:8080 went silent for longer than the idle timeout"),
            (GIOFailure(.resolverTemporary, message: "Temporary failure in name resolution"), FailureSite(server),
             .temporaryDNSFailure, "cannot resolve host \"example.test\" for now: Temporary failure in name resolution"),
            (GIOFailure(.resolverFailed, message: "Error resolving “example.test”: Name or service not known"), FailureSite(server),
             .hostNotFound, "cannot resolve host \"example.test\": Name or service not known"),
            (GIOFailure(.tls, message: "Unacceptable TLS certificate"), FailureSite(server), .tls,
             "TLS with example.test:8080 failed: Unacceptable TLS certificate"),
            (GIOFailure(.tls, message: "Unacceptable TLS certificate"), tlsSite([.expired, .wrongHost]), .tls,
             "the certificate of example.test:8080 is expired and for another host"),
            (GIOFailure(.http2("INTERNAL_ERROR")), FailureSite(server), .streamReset,
             "example.test:8080 ended the request's HTTP/2 stream with INTERNAL_ERROR"),
            (GIOFailure(.http2("REFUSED_STREAM")), FailureSite(server), .connectionReset,
             "example.test:8080 refused the request unprocessed (HTTP/2 REFUSED_STREAM or GOAWAY)"),
            (GIOFailure(.cancelled), FailureSite(server, stop: .refusedUnprocessed(times: 3)), .connectionReset,
             "example.test:8080 refused the request unprocessed (HTTP/2 REFUSED_STREAM or GOAWAY), 3 times in a row"),
            (GIOFailure(.other, message: "Broken pipe"), FailureSite(server), .network,
             "the request to example.test:8080 failed: Broken pipe"),
        ]
        for (failure, site, code, description) in table {
            let error = LoadError(failure, at: site)
            XCTAssertEqual(error.code, code, description)
            XCTAssertEqual(error.description, description)
        }
    }

    private func tlsSite(_ problems: CertificateProblems) -> FailureSite {
        var site = FailureSite(server)
        site.certificate = problems
        return site
    }

    func testTimeoutsNameTheirRemedyAndTheRestSayWhatToDo() {
        XCTAssertEqual(LoadError(GIOFailure(.tls), at: tlsSite(.unknownIssuer)).remedy, .trustIssuer)
        XCTAssertEqual(LoadError(GIOFailure(.tls), at: tlsSite([.unknownIssuer, .expired])).remedy, .acceptCertificate)
        XCTAssertEqual(LoadError(GIOFailure(.cancelled), at: FailureSite(server, stop: .deadline(.seconds(1)))).remedy, .raiseDeadline)
        XCTAssertEqual(LoadError(GIOFailure(.cancelled), at: FailureSite(server, stop: .connectTimeout(.seconds(1)))).remedy,
                       .raiseConnectTimeout)
        XCTAssertEqual(LoadError(GIOFailure(.connectionRefused), at: FailureSite(server)).suggestion,
                       "is the server running? Check the host and port")
    }

    /// A refused stream was never processed, so it may go again (RFC 9113, 8.7); a reset with
    /// any other code leaves that unknown, and is the server's fault to fix.
    func testARefusedStreamIsRetriedAndAResetIsNot() {
        XCTAssertTrue(RetryPolicy.isTransient(LoadError(GIOFailure(.http2("REFUSED_STREAM")), at: FailureSite(server))))
        XCTAssertTrue(RetryPolicy.isTransient(LoadError(GIOFailure(.cancelled), at: FailureSite(server, stop: .refusedUnprocessed(times: 3)))))
        let reset = LoadError(GIOFailure(.http2("INTERNAL_ERROR")), at: FailureSite(server))
        XCTAssertFalse(RetryPolicy.isTransient(reset))
        XCTAssertEqual(reset.remedy, .useHTTP1)
    }

    func testEachFailureOfAFileHasItsCodeAndWords() {
        let table: [(GIOFailure?, LoadError.Code, String, String?)] = [
            (nil, .network, "reading /tmp/posts.json failed for no stated reason", nil),
            (GIOFailure(.cancelled), .cancelled, "cancelled", nil),
            (GIOFailure(.notFound), .notFound, "there is no file /tmp/posts.json", "check the path"),
            (GIOFailure(.permissionDenied), .notFound, "/tmp/posts.json cannot be read: permission denied",
             "check the file's permissions"),
            (GIOFailure(.isDirectory), .notFound, "/tmp/posts.json is a directory", "name a file"),
            (GIOFailure(.other, message: "Input/output error"), .network, "reading /tmp/posts.json failed: Input/output error",
             "check the path"),
        ]
        for (failure, code, description, suggestion) in table {
            let error = LoadError(failure, at: FailureSite(file))
            XCTAssertEqual(error.code, code, description)
            XCTAssertEqual(error.description, description)
            XCTAssertEqual(error.suggestion, suggestion, description)
        }
    }

    func testStatusesAreAdvisedByClassAndKeepRetryAfter() {
        let table: [(Int, String, String)] = [
            (401, "Unauthorized", "the server refused access; check the URL and any credentials"),
            (404, "Not Found", "check the URL's path"),
            (410, "", "check the URL's path"),
            (422, "Unprocessable", "the server rejected the request; check the URL"),
            (503, "Service Unavailable", "the server failed; try again later"),
            // Issue 41: a 501 said "try again later", which would never help.
            (501, "Not Implemented", "the server does not implement this request's method; check the method and the URL"),
            (505, "HTTP Version Not Supported", "the server does not take this HTTP version"),
        ]
        for (status, reason, suggestion) in table {
            var headers = HTTPHeaders()
            headers.add(name: "Retry-After", value: "7")
            let error = LoadError(httpStatus: ResponseInfo(url: "http://x/", status: status, reasonPhrase: reason, headers: headers),
                                  authority: "x")
            XCTAssertEqual(error.description, reason.isEmpty ? "HTTP \(status) from x" : "HTTP \(status) \(reason) from x")
            XCTAssertEqual(error.suggestion, suggestion)
            XCTAssertEqual(error.httpStatus, status)
            XCTAssertEqual(error.retryAfter, "7")
            // Issue 57: the Loader named --http1.1; the front end words the remedy.
            XCTAssertEqual(error.remedy, status == 505 ? .useHTTP1 : nil)
            XCTAssertFalse((error.suggestion ?? "").contains("--"), error.suggestion ?? "")
        }
    }

    func testARedirectThatReachesTheLoadSaysWhereItWouldHaveGone() {
        let headers = HTTPHeaders([("Location", "https://user:pw@other.example/new")])
        let moved = LoadError(httpStatus: ResponseInfo(url: "http://x/", status: 307, reasonPhrase: "Temporary Redirect", headers: headers),
                              authority: "x")
        XCTAssertEqual(moved.suggestion, "the server sends the request on to https://user:***@other.example/new, which loadrun does not follow for this method; send it there yourself")
        let nowhere = LoadError(httpStatus: ResponseInfo(url: "http://x/", status: 308, reasonPhrase: "", headers: HTTPHeaders()), authority: "x")
        XCTAssertEqual(nowhere.suggestion, "the server answered with a redirect that names no place to go")
    }

    func testBodiesOverTheCapSayWhetherTheyDeclaredIt() {
        XCTAssertEqual(LoadError.tooLarge("the response from x", declared: 2_000_000, limit: 1_048_576).description,
                       "the response from x declares 2.0 MB, over the 1 MiB size cap")
        XCTAssertEqual(LoadError.tooLarge("/tmp/big", limit: 1_048_576).description, "/tmp/big is over the 1 MiB size cap")
        XCTAssertEqual(LoadError.tooLarge("/tmp/big", limit: 1_048_576).remedy, .raiseSizeLimit)
    }
}
