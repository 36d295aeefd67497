#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest

/// Ports on 127.0.0.1 for peers that run as processes of their own (nghttpd, gunicorn).
public enum LoopbackPort {
    /// A port free now: bound, read back and let go, for a peer that binds it next.
    public static func free() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw XCTSkip("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on `port`.
    public static func accepts(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// httpbin (from PyPI) under gunicorn on 127.0.0.1, as `scripts/install-deps --test-peers`
/// puts them in `.build/peers`: the peer curl's and loadrun's requests are compared on.
/// Stopped when it goes.
public final class HTTPBinPeer {
    public let port: Int
    private let process = Process()

    public init() throws {
        let build = LoadrunProcess.binaryPath.components(separatedBy: "/.build/").first.map { $0 + "/.build" } ?? ".build"
        let gunicorn = build + "/peers/bin/gunicorn"
        guard FileManager.default.isExecutableFile(atPath: gunicorn) else {
            throw XCTSkip("httpbin is missing: scripts/install-deps --test-peers installs it in .build/peers")
        }
        port = try LoopbackPort.free()
        process.executableURL = URL(fileURLWithPath: gunicorn)
        process.arguments = ["-b", "127.0.0.1:\(port)", "-w", "1", "--log-level", "warning", "httpbin:app"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard waitUntil(limit: .seconds(20), { LoopbackPort.accepts(port) }) else {
            process.terminate()
            throw NSError(domain: "HTTPBinPeer", code: 1, userInfo: [NSLocalizedDescriptionKey: "gunicorn did not listen on \(port)"])
        }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}
