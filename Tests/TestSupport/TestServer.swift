import Dispatch
import Foundation
public import Loader
public import SampleSource
import Synchronization
import XCTest

/// A real `SoupServer` on 127.0.0.1, port 0 unless told, running on its own thread and GMainContext.
///
/// `configure` runs on the server's thread before it listens; add routes there. Routes run
/// on that thread too. `stop()` (or deinit) quits its loop and waits for the thread to end.
public final class TestServer: Sendable {
    public let port: Int
    private let scheme: String
    private let stopper: LoopStopper?
    private let finished: DispatchSemaphore
    private let stopped = Mutex(false)

    /// With `tlsCertificatePEM`, the server speaks HTTPS. A server that cannot be made or
    /// cannot listen fails the test that asked for it, with why, and answers nothing (its
    /// port is 0): the run goes on to the other tests. `port` asks for one port (80 or 443,
    /// where a test is about the default ports; only root may listen there).
    public init(tlsCertificatePEM: String? = nil, port requested: Int = 0, _ configure: @escaping @Sendable (SampleServer, EventLoop) -> Void) {
        let ready = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let handoff = Mutex<Result<(port: Int, stopper: LoopStopper), Failure>?>(nil)
        let thread = Thread {
            let loop = EventLoop.makeThreadDefault()
            let failed = { (words: String) in
                handoff.withLock { $0 = .failure(Failure(description: words)) }
                ready.signal()
                finished.signal()
            }
            let server: SampleServer
            do {
                server = try tlsCertificatePEM.map { pem throws(SampleServerError) in try SampleServer(tlsCertificatePEM: pem) } ?? SampleServer()
            } catch {
                return failed("test server: \(error)")
            }
            configure(server, loop)
            do {
                let port = try server.listen(port: requested)
                handoff.withLock { $0 = .success((port, loop.makeStopper())) }
            } catch {
                return failed("test server cannot listen: \(error)")
            }
            // Signal from inside the running loop, so a stop() can never come before run().
            loop.schedule { ready.signal() }
            withExtendedLifetime(server) { loop.run() }
            finished.signal()
        }
        thread.name = "test-server"
        thread.start()
        ready.wait()
        switch handoff.withLock({ $0 }) {
        case .success(let started)?:
            port = started.port
            stopper = started.stopper
        case .failure(let failure)?:
            XCTFail(failure.description)
            port = 0
            stopper = nil
        case nil:
            XCTFail("test server: its thread ended without a word")
            port = 0
            stopper = nil
        }
        self.scheme = tlsCertificatePEM == nil ? "http" : "https"
        self.finished = finished
    }

    /// Why a server could not start.
    private struct Failure: Error {
        let description: String
    }

    deinit { stop() }

    /// The full URL of `path` on this server.
    public func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// The full URL of `path` with no port in it, as a user writes one for the scheme's
    /// default port: for a server that listens on 80 or 443.
    public func defaultPortURL(_ path: String) -> String { "\(scheme)://127.0.0.1\(path)" }

    /// Stops the server and waits for its thread to finish.
    public func stop() {
        let first = stopped.withLock { wasStopped in
            defer { wasStopped = true }
            return !wasStopped
        }
        guard first else { return }
        stopper?.stop()
        finished.wait()
    }
}

/// Counts events across threads: requests a server saw, say.
public final class Counter: Sendable {
    private let value = Mutex(0)
    public init() {}
    public func increment() { value.withLock { $0 += 1 } }
    public var count: Int { value.withLock { $0 } }
}

/// A flag set on one thread and read on another.
public final class Flag: Sendable {
    private let value = Mutex(false)
    public init() {}
    public func set() { value.withLock { $0 = true } }
    public var isSet: Bool { value.withLock { $0 } }
}

/// Records values across threads, in order: the pages a server was asked for, say.
public final class Record<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    public init() {}
    public func append(_ value: Value) { values.withLock { $0.append(value) } }
    public var all: [Value] { values.withLock { $0 } }
}
