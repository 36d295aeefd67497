import Loader
import SampleSource
import TestSupport
import XCTest

final class SampleServerTests: XCTestCase {
    private func get(_ url: String, loop: EventLoop) throws -> HTTPResponse {
        try XCTUnwrap(HTTPClient(loop: loop).fetchAndWait(url, on: loop)).get()
    }

    func testServesBundledPostsAsJSONOnAnEphemeralPort() throws {
        let server = TestServer { server, _ in server.serveSampleContent() }
        XCTAssertGreaterThan(server.port, 0)
        let response = try get(server.url("/posts"), loop: EventLoop())
        XCTAssertEqual(response.info.mediaType, "application/json")
        XCTAssertEqual(response.body, Array(SampleContent.postsJSON.utf8))
    }

    func testSameLoopServerAndClientWork() throws {
        // `loadrun --source posts` runs the server and the client on one loop and thread.
        let loop = EventLoop()
        let server = SampleServer()
        server.serveSampleContent()
        try server.listen(port: 0)
        let response = try get(server.url("/"), loop: loop)
        XCTAssertTrue(String(decoding: response.body, as: UTF8.self).contains("/posts"))
    }

    func testUnknownPathIs404AndRequestsAreReported() throws {
        let loop = EventLoop()
        let server = SampleServer()
        server.serveSampleContent()
        var logged: [String] = []
        server.onRequest = { logged.append("\($0.method) \($0.path) \($0.status)") }
        try server.listen(port: 0)
        XCTAssertThrowsError(try get(server.url("/nope"), loop: loop)) { error in
            XCTAssertEqual((error as? LoadError)?.httpStatus, 404)
        }
        XCTAssertEqual(logged, ["GET /nope 404"])
    }

    func testListeningOnAPortInUseFailsClearly() throws {
        let taken = TestServer { _, _ in }
        let loop = EventLoop()
        let server = SampleServer()
        XCTAssertThrowsError(try server.listen(port: taken.port)) { error in
            XCTAssertTrue(String(describing: error).contains("cannot listen on 127.0.0.1:\(taken.port)"), "\(error)")
        }
        withExtendedLifetime(loop) {}
    }

    func testBundledContentCarriesAnETagAndAnswers304ToIt() throws {
        let server = TestServer { server, _ in server.serveSampleContent() }
        let loop = EventLoop()
        let client = HTTPClient(loop: loop)
        func get(_ validators: CacheValidators?) throws -> HTTPResponse {
            try XCTUnwrap(client.fetchAndWait(server.url("/posts"), options: FetchOptions(validators: validators), on: loop)).get()
        }
        let first = try get(nil)
        let etag = try XCTUnwrap(first.info.headers["ETag"])
        XCTAssertEqual(etag, ETag.strong(for: Array(SampleContent.postsJSON.utf8)))
        let unchanged = try get(CacheValidators(etag: etag))
        XCTAssertEqual(unchanged.info.status, 304)
        XCTAssertEqual(unchanged.body, [])
        XCTAssertEqual(try get(CacheValidators(etag: "\"stale\"")).info.status, 200)
    }

    func testEachPostAndItsCommentsAreJSONAndAnswer304ToTheirETag() throws {
        let server = TestServer { server, _ in server.serveSampleContent() }
        let loop = EventLoop()
        let client = HTTPClient(loop: loop)
        func get(_ path: String, _ validators: CacheValidators? = nil) throws -> HTTPResponse {
            try XCTUnwrap(client.fetchAndWait(server.url(path), options: FetchOptions(validators: validators), on: loop)).get()
        }
        let post = try get("/posts/3")
        XCTAssertEqual(post.info.mediaType, "application/json")
        XCTAssertEqual(String(decoding: post.body, as: UTF8.self),
                       #"{"userId":1,"id":3,"title":"Cancelling is part of loading","body":"Ctrl-C cancels the request through its GCancellable and the socket closes cleanly.\nThe process is not killed; it finishes its sentence and leaves the terminal as it found it."}"#)
        let comments = try get("/posts/3/comments")
        XCTAssertEqual(comments.info.mediaType, "application/json")
        let text = String(decoding: comments.body, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(#"[{"postId":3,"id":5,"name":"Ctrl-C twice","email":"dennis@example.org","body":"The first Ctrl-C"#), text)
        XCTAssertEqual(text, SampleComment.json(SampleContent.comments(onPost: 3)))
        for (path, response) in [("/posts/3", post), ("/posts/3/comments", comments)] {
            let etag = try XCTUnwrap(response.info.headers["ETag"], path)
            XCTAssertEqual(etag, ETag.strong(for: response.body))
            let unchanged = try get(path, CacheValidators(etag: etag))
            XCTAssertEqual(unchanged.info.status, 304, path)
            XCTAssertEqual(unchanged.body, [], path)
        }
        XCTAssertThrowsError(try get("/posts/13"), "only the bundled posts") { error in
            XCTAssertEqual((error as? LoadError)?.httpStatus, 404)
        }
    }

    func testEveryPostHasTwoOrThreeCommentsNumberedAcrossThemAll() {
        for post in SampleContent.posts {
            XCTAssertTrue((2...3).contains(SampleContent.comments(onPost: post.id).count), "post \(post.id)")
        }
        XCTAssertEqual(SampleContent.comments.map(\.id), Array(1...SampleContent.comments.count))
        XCTAssertEqual(Set(SampleContent.comments.map(\.postId)), Set(SampleContent.posts.map(\.id)))
    }
}

final class SamplePaginationTests: XCTestCase {
    private func get(_ url: String, _ client: HTTPClient, _ loop: EventLoop) throws -> HTTPResponse {
        try XCTUnwrap(client.fetchAndWait(url, on: loop)).get()
    }

    func testPagesByQueryWithLinksToFollow() throws {
        let server = TestServer { server, _ in server.serveSampleContent() }
        let loop = EventLoop()
        let client = HTTPClient(loop: loop)
        var url: String? = server.url("/posts?page=1&per_page=5")
        var pages: [String] = []
        while let next = url, pages.count < 10 {
            let response = try get(next, client, loop)
            pages.append(String(decoding: response.body, as: UTF8.self))
            url = Pagination.next(from: response.info.headers, base: next)
        }
        XCTAssertEqual(pages.count, 3, "12 posts, 5 a page")
        XCTAssertEqual(pages.joined(), [Array(SampleContent.posts[0..<5]), Array(SampleContent.posts[5..<10]), Array(SampleContent.posts[10...])]
            .map(SamplePost.json).joined(), "following rel=next walks the whole list")
        let beyond = try get(server.url("/posts?page=9&per_page=5"), client, loop)
        XCTAssertEqual(String(decoding: beyond.body, as: UTF8.self), "[]")
        XCTAssertNil(Pagination.next(from: beyond.info.headers, base: server.url("/posts")))
    }

    func testTheWholeListIsStillOneResponse() throws {
        let server = TestServer { server, _ in server.serveSampleContent() }
        let loop = EventLoop()
        let response = try get(server.url("/posts"), HTTPClient(loop: loop), loop)
        XCTAssertNil(response.info.headers["Link"])
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), SamplePost.json(SampleContent.posts))
    }

    func testJSONStringsAreEscaped() {
        XCTAssertEqual(SamplePost.json([SamplePost(userId: 1, id: 2, title: "a \"q\" \\ \u{1}", body: "l1\nl2\t")]),
                       #"[{"userId":1,"id":2,"title":"a \"q\" \\ \u0001","body":"l1\nl2\t"}]"#)
    }
}

final class ETagTests: XCTestCase {
    func testStrongTagsFollowTheContent() {
        XCTAssertEqual(ETag.strong(for: Array("a".utf8)), ETag.strong(for: Array("a".utf8)))
        XCTAssertNotEqual(ETag.strong(for: Array("a".utf8)), ETag.strong(for: Array("b".utf8)))
        XCTAssertEqual(ETag.strong(for: []).count, 18, "16 hex digits in quotes")
    }

    func testIfNoneMatchLists() {
        XCTAssertTrue(ETag.matches(#""x""#, #""x""#))
        XCTAssertTrue(ETag.matches(#""a", W/"x""#, #""x""#), "weak comparison for GET")
        XCTAssertTrue(ETag.matches("*", #""x""#))
        XCTAssertFalse(ETag.matches(#""a", "b""#, #""x""#))
        XCTAssertFalse(ETag.matches("", #""x""#))
    }
}
