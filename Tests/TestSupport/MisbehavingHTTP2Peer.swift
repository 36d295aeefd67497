import Foundation
#if canImport(Glibc)
import Glibc
#endif
import XCTest

/// An HTTP/2 server over TLS that misbehaves on purpose: `Tests/Peers/h2-peer.py`, written
/// with the `h2` package (Debian's `python3-h2`, which scripts/install-deps installs). It
/// stalls, floods, resets and goes away as its mode says; see the script for the modes.
public final class MisbehavingHTTP2Peer {
    private let process = Process()
    private let output = Pipe()
    private let lines = Lines()
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// The CA that signed its certificate: what `--cacert` names.
    public let caFile: String
    private let authority: TestCertificateAuthority

    /// The interpreter with Debian's packages: a `python3` first on PATH (pyenv, say) may lack `h2`.
    private static let python = "/usr/bin/python3"

    /// Starts the peer in `mode` and waits until it listens. Skips the test when the `h2`
    /// package is missing.
    public init(mode: String, file: StaticString = #filePath) throws {
        let script = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Peers/h2-peer.py").path
        let check = Process()
        check.executableURL = URL(fileURLWithPath: Self.python)
        check.arguments = ["-c", "import h2"]
        check.standardError = FileHandle.nullDevice
        try check.run()
        check.waitUntilExit()
        guard check.terminationStatus == 0 else {
            throw XCTSkip("python3-h2 is missing: scripts/install-deps installs it")
        }
        authority = try TestCertificateAuthority()
        caFile = authority.caFile
        let pem = try authority.serverPEM(.valid)
        guard let keyStart = pem.range(of: "-----BEGIN PRIVATE KEY-----") else { throw CertificateAuthorityError(message: "no key in the PEM") }
        let certificate = try authority.write(String(pem[..<keyStart.lowerBound]), as: "h2-peer.pem")
        let key = try authority.write(String(pem[keyStart.lowerBound...]), as: "h2-peer.key")

        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [script, certificate, key, mode]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let lines = lines
        output.fileHandleForReading.readabilityHandler = { handle in lines.append(handle.availableData) }
        try process.run()
        guard waitUntil(limit: .seconds(10), { lines.all.contains { $0.hasPrefix("listening ") } }),
              let line = lines.all.first(where: { $0.hasPrefix("listening ") }), let port = Int(line.dropFirst("listening ".count)) else {
            process.terminate()
            throw CertificateAuthorityError(message: "the HTTP/2 peer did not start: \(lines.all)")
        }
        self.port = port
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    public func url(_ path: String) -> String { "https://127.0.0.1:\(port)\(path)" }

    /// The requests it has seen, as `request PATH` (HTTP/2) or `request PATH HTTP/1.1`.
    public var requests: [String] { lines.all.filter { $0.hasPrefix("request ") } }

    /// Waits until it has seen `count` requests; returns whether it did within `limit`.
    @discardableResult
    public func waitForRequests(_ count: Int = 1, limit: Duration = .seconds(10)) -> Bool {
        waitUntil(limit: limit) { requests.count >= count }
    }

    /// The peer's stdout, split into lines as they come.
    private final class Lines: @unchecked Sendable {
        // @unchecked: the pipe's handler appends on its own queue; the lock guards both sides.
        private let lock = NSLock()
        private var buffer = Data()
        private var complete: [String] = []

        func append(_ data: Data) {
            lock.lock()
            defer { lock.unlock() }
            buffer.append(data)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                complete.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                buffer.removeSubrange(buffer.startIndex...newline)
            }
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return complete
        }
    }
}
