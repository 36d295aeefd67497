import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP server on 127.0.0.1 that answers every connection with scripted raw bytes and then
/// closes, for peers libsoup's server will not imitate: a body shorter than its Content-Length,
/// a response that never comes, or a 304 without Content-Length on a kept connection.
public final class RawHTTPServer: Sendable {
    public enum Behaviour: Sendable {
        /// Reads the request, writes `text`, closes.
        case respond(String)
        /// Reads the request, writes `head` then the raw `body` bytes, closes.
        case respondBytes(head: String, body: [UInt8])
        /// Reads the request, writes `head` then the raw `body` bytes, and sends nothing more
        /// until the server stops: a transfer stalled part way.
        case respondThenStall(head: String, body: [UInt8])
        /// Reads the request and never answers until the server stops.
        case silent
        /// Keeps each connection open: answers the first request the server sees with
        /// `first`, and every later one, on whatever connection, with `then`.
        case keepAlive(first: String, then: String)
    }

    public let port: Int
    private let listener: Int32
    private let done = DispatchSemaphore(value: 0)
    private let connections = Connections()
    private let counts = Counts()

    /// Connections accepted so far.
    public var acceptedConnections: Int { counts.value.withLock { $0.accepted } }
    /// Requests read so far on kept connections (`.keepAlive`), one per read.
    public var requests: Int { counts.value.withLock { $0.requests } }

    public init(_ behaviour: Behaviour) {
        let (fd, address) = LoopbackSocket.listen(backlog: 16)
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        let done = self.done
        let connections = self.connections
        let counts = self.counts
        let thread = Thread {
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { break }
                connections.add(client)
                counts.value.withLock { $0.accepted += 1 }
                if case .keepAlive(let first, let then) = behaviour {
                    // Its own thread, so that a client that opens another connection is answered.
                    Thread { Self.keepAnswering(client, first: first, then: then, counts: counts) }.start()
                    continue
                }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = read(client, &buffer, buffer.count)
                switch behaviour {
                case .respond(let text):
                    _ = text.withCString { write(client, $0, strlen($0)) }
                    shutdown(client, Int32(SHUT_RDWR))
                case .respondBytes(let head, let body):
                    let bytes = Array(head.utf8) + body
                    _ = bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                    shutdown(client, Int32(SHUT_RDWR))
                case .respondThenStall(let head, let body):
                    let bytes = Array(head.utf8) + body
                    _ = bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                case .silent, .keepAlive:
                    break
                }
            }
            done.signal()
        }
        thread.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        done.wait()
        connections.closeAll()
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Answers each request read on `client` until the client closes it. A small GET arrives
    /// in one read on loopback.
    private static func keepAnswering(_ client: Int32, first: String, then: String, counts: Counts) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(client, &buffer, buffer.count) > 0 {
            let number = counts.value.withLock { counts in
                counts.requests += 1
                return counts.requests
            }
            let text = number == 1 ? first : then
            _ = text.withCString { write(client, $0, strlen($0)) }
        }
    }
}

/// What a raw server has seen.
private final class Counts: Sendable {
    let value = Mutex((accepted: 0, requests: 0))
}

/// The sockets a raw server accepted, closed when it goes away.
private final class Connections: Sendable {
    private let fds = Mutex<[Int32]>([])
    func add(_ fd: Int32) { fds.withLock { $0.append(fd) } }
    func closeAll() { fds.withLock { $0.forEach { close($0) }; $0 = [] } }
}

/// A listener whose accept queue is full, so a new connection's handshake never completes:
/// for connect timeouts, on loopback.
public final class UnansweredListener: Sendable {
    public let port: Int
    private let listener: Int32
    private let filler: Int32

    public init() {
        // A backlog of 0 queues one connection; the filler takes that place and nobody accepts.
        var (fd, bound) = LoopbackSocket.listen(backlog: 0)
        let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        withUnsafePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        port = Int(UInt16(bigEndian: bound.sin_port))
        listener = fd
        self.filler = filler
    }

    deinit {
        close(filler)
        close(listener)
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}

/// A TCP listener on 127.0.0.1 and a free port.
enum LoopbackSocket {
    /// The listening descriptor and its bound address.
    static func listen(backlog: Int32) -> (fd: Int32, address: sockaddr_in) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        Glibc.listen(fd, backlog)
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        return (fd, bound)
    }
}
