import Loader
import SampleSource
import TestSupport
import XCTest

/// A decoder that accepts any body and counts its bytes, so these tests need no Plugins.
private struct ByteCountDecoder: ContentDecoder {
    let name = "bytes"
    let mediaTypes = ["*/*"]
    let summary = "counts bytes"

    func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Int {
        guard body.first != UInt8(ascii: "!") else { throw DecodeFailure("starts with !", suggestion: "drop the !") }
        return body.count
    }
}

final class SourceLoaderTests: LoopTestCase {
    private func loader(_ url: String) -> SourceLoader {
        SourceLoader(source: Source(name: "things", url: url, plugin: AnyContentDecoder(ByteCountDecoder())), client: client)
    }

    func testPublishesEveryTransitionAndDecodesWithThePlugin() throws {
        let server = TestServer { server, _ in server.route("/x", TestRoutes.fixed("12345")) }
        let loader = loader(server.url("/x"))
        var changes: [StateChange] = []
        loader.observeChanges { changes.append($0) }
        loader.load()
        loop.run(until: { !loader.state.isLoading })

        XCTAssertEqual(changes.first?.cause, .started)
        XCTAssertEqual(changes.first?.from.name, "idle")
        XCTAssertEqual(changes.last?.cause, .succeeded)
        XCTAssertTrue(changes.allSatisfy { $0.source == "things" })
        let content = try XCTUnwrap(loader.state.content)
        XCTAssertEqual(content.model as? Int, 5)
        XCTAssertEqual(content.pluginName, "bytes")
    }

    func testReloadAsksWhetherTheContentChangedAndKeepsItOn304() throws {
        let conditional = Counter()
        let server = TestServer { server, _ in
            server.route("/x") { exchange in
                if exchange.requestHeader("If-None-Match") != nil { conditional.increment() }
                exchange.respondCacheable(contentType: "text/plain", body: Array("12345".utf8))
            }
        }
        let loader = loader(server.url("/x"))
        var causes: [LoadMachine<AnyContent>.Cause] = []
        loader.observeChanges { causes.append($0.cause) }
        loader.load()
        loop.run(until: { !loader.state.isLoading })
        XCTAssertEqual(conditional.count, 0, "the first load has nothing to compare")
        loader.reload()
        loop.run(until: { !loader.state.isLoading })
        XCTAssertEqual(conditional.count, 1)
        XCTAssertEqual(causes.last, .notModified)
        XCTAssertEqual(loader.state.content?.model as? Int, 5, "the content stays")
    }

    func testLoadWhileLoadingStartsNoSecondRequest() {
        let requests = Counter()
        let server = TestServer { server, loop in
            server.route("/slow", TestRoutes.delayed(.milliseconds(200), on: loop, body: "ok", requests: requests))
        }
        let loader = loader(server.url("/slow"))
        loader.load()
        loader.load()
        loader.load()
        loop.run(until: { !loader.state.isLoading })
        XCTAssertEqual(requests.count, 1)
        XCTAssertEqual(loader.state.name, "loaded")
    }

    func testDecodeFailureNamesTheOriginAndKeepsLastGood() throws {
        let body = SharedBody("good")
        let server = TestServer { server, _ in
            server.route("/x") { exchange in exchange.respond(status: 200, contentType: "text/plain", text: body.value) }
        }
        let loader = loader(server.url("/x"))
        loader.load()
        loop.run(until: { !loader.state.isLoading })
        body.value = "!bad"
        loader.reload()
        loop.run(until: { !loader.state.isLoading })
        guard case .failed(let error, let lastGood, nil) = loader.state else { return XCTFail("\(loader.state)") }
        XCTAssertEqual(error.code, .decode)
        XCTAssertEqual(error.description, "the response from 127.0.0.1:\(server.port) starts with !")
        XCTAssertEqual(error.suggestion, "drop the !")
        XCTAssertEqual(lastGood?.model as? Int, 4)
    }

    func testCancelReturnsAFirstLoadToIdleWithACancelledTransition() {
        let server = TestServer { server, loop in
            server.route("/slow", TestRoutes.delayed(.seconds(30), on: loop, body: "never"))
        }
        let loader = loader(server.url("/slow"))
        var causes: [LoadMachine<AnyContent>.Cause] = []
        loader.observeChanges { causes.append($0.cause) }
        loader.observeChanges { if $0.cause == .started { loader.cancel() } }
        loader.load()
        loop.run(until: { !loader.state.isLoading })
        XCTAssertEqual(causes, [.started, .cancelled])
        XCTAssertEqual(loader.state.name, "idle")
    }

    func testWhatAnObserverAsksForWaitsUntilTheChangeIsDelivered() {
        let server = TestServer { server, _ in server.route("/x", TestRoutes.fixed("12345")) }
        let loader = loader(server.url("/x"))
        var causes: [LoadMachine<AnyContent>.Cause] = []
        var depth = 0
        var deepest = 0
        loader.observeChanges { change in
            depth += 1
            deepest = max(deepest, depth)
            guard change.cause != .progressed else { return depth -= 1 }
            causes.append(change.cause)
            if change.cause == .succeeded, causes.count == 2 {
                loader.reload()
                XCTAssertEqual(loader.state.name, "loaded", "the reload is queued behind the change being delivered")
            }
            depth -= 1
        }
        loader.observeChanges { _ in XCTAssertEqual(depth, 0, "every observer hears a change before the next one is made") }
        loader.load()
        loop.run(until: { causes.count == 4 })
        XCTAssertEqual(causes, [.started, .succeeded, .started, .succeeded])
        XCTAssertEqual(deepest, 1, "no change is delivered from inside another")
    }
}

/// A body a test changes between requests, read on the server's thread.
private final class SharedBody: @unchecked Sendable {
    // @unchecked: written by the test only while no request is in flight.
    var value: String
    init(_ value: String) { self.value = value }
}
