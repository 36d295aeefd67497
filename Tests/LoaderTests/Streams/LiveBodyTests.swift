import Loader
import SampleSource
import TestSupport
import XCTest

/// A live tap's body over HTTP, against an in-process server: kept nowhere by the fetch, and
/// read no further while the tap's reader is behind, without that wait counting against the
/// time allowed between chunks.
final class LiveBodyTests: LoopTestCase {
    /// A live tap that counts what it takes, is ready or not as the test says, and counts how
    /// often the reader asked while it was not.
    private final class GatedTap: BodyTap {
        var chunks = 0
        var bytes = 0
        var ready = true
        var askedWhileNotReady = 0
        /// Becomes not ready once it has taken this many chunks.
        let readyFor: Int

        init(readyFor: Int) { self.readyFor = readyFor }

        var isLive: Bool { true }
        var isReadyForMore: Bool {
            if !ready { askedWhileNotReady += 1 }
            return ready
        }

        func take(_ chunk: UnsafeRawBufferPointer) {
            chunks += 1
            bytes += chunk.count
            if chunks == readyFor { ready = false }
        }
    }

    private static let chunk = String(repeating: "x", count: 32 * 1024)
    private static let chunkCount = 128

    private func server() -> TestServer {
        TestServer { server, _ in
            server.route("/flood") { exchange in
                exchange.beginChunks(status: 200, contentType: "text/event-stream")
                for _ in 0..<Self.chunkCount { exchange.sendChunk(Array(Self.chunk.utf8)) }
                exchange.endChunks()
            }
        }
    }

    func testReadingWaitsForTheTapAndTheWaitIsNotCountedAgainstTheDeadline() {
        let server = server()
        let tap = GatedTap(readyFor: 1)
        var options = FetchOptions()
        // Shorter than the wait below: were the wait counted, the fetch would end in it.
        options.deadline = .milliseconds(150)
        var result: Result<HTTPResponse, LoadError>?
        let handle = client.get(server.url("/flood"), options: options, progress: { _ in }, tap: { _ in tap }) { result = $0 }
        XCTAssertTrue(loop.run(until: { tap.askedWhileNotReady >= 30 }), "the reader waits, asking the tap again and again")
        XCTAssertEqual(tap.chunks, 1, "no chunk is read while the tap is not ready, though the server sent them all")
        XCTAssertNil(result)
        tap.ready = true
        XCTAssertTrue(loop.run(until: { result != nil }))
        guard case .success(let response)? = result else { return XCTFail("\(String(describing: result))") }
        XCTAssertEqual(response.body, [], "a live body is the tap's alone")
        XCTAssertEqual(tap.bytes, Self.chunk.utf8.count * Self.chunkCount, "every byte, once")
        withExtendedLifetime(handle) {}
    }

    func testACancelWhileWaitingForTheTapEndsTheFetch() {
        let server = server()
        let tap = GatedTap(readyFor: 1)
        var result: Result<HTTPResponse, LoadError>?
        let handle = client.get(server.url("/flood"), progress: { _ in }, tap: { _ in tap }) { result = $0 }
        XCTAssertTrue(loop.run(until: { tap.askedWhileNotReady >= 2 }))
        handle.cancel()
        XCTAssertTrue(loop.run(until: { result != nil }))
        guard case .failure(let error)? = result else { return XCTFail("\(String(describing: result))") }
        XCTAssertEqual(error.code, .cancelled)
    }
}
