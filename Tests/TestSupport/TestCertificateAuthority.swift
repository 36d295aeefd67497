public import Foundation

/// A certificate authority made for one test run with the `openssl` command, and server
/// certificates it issues: valid for 127.0.0.1 and localhost, expired, or for another host.
/// EC keys, so that making them takes milliseconds.
public final class TestCertificateAuthority {
    /// Where the files live; removed with the authority.
    public let directory: URL
    /// The CA's certificate, PEM: what `--cacert` or `SSL_CERT_FILE` names.
    public var caFile: String { directory.appendingPathComponent("ca.pem").path }

    public enum Kind: String, CaseIterable, Sendable {
        /// For 127.0.0.1 and localhost.
        case valid
        case expired
        /// For 10.9.9.9 only.
        case wrongHost
        /// For 127.0.0.1 only, not localhost.
        case addressOnly
    }

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                     "-keyout", "ca.key", "-out", "ca.pem", "-days", "3650", "-subj", "/CN=loadrun test CA"])
        // `openssl ca` can date a certificate in the past, which `x509 -req` cannot.
        try "".write(to: directory.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
        try "01\n".write(to: directory.appendingPathComponent("serial"), atomically: true, encoding: .utf8)
        try """
            [ca]
            default_ca = test
            [test]
            database = index.txt
            new_certs_dir = .
            serial = serial
            default_md = sha256
            policy = any
            unique_subject = no
            [any]
            commonName = supplied
            """.write(to: directory.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A server certificate of `kind` and its key, as one PEM for `TestServer(tlsCertificatePEM:)`.
    public func serverPEM(_ kind: Kind) throws -> String {
        let name = kind.rawValue
        let hosts = switch kind {
        case .wrongHost: "IP:10.9.9.9,DNS:elsewhere.test"
        case .addressOnly: "IP:127.0.0.1"
        case .valid, .expired: "IP:127.0.0.1,DNS:localhost"
        }
        try "subjectAltName=\(hosts)\n".write(to: directory.appendingPathComponent("\(name).ext"), atomically: true, encoding: .utf8)
        try openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                     "-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=loadrun test server \(name)"])
        let dates = kind == .expired ? ["-startdate", "20200101000000Z", "-enddate", "20200102000000Z"] : ["-days", "3650"]
        try openssl(["ca", "-batch", "-config", "ca.cnf", "-cert", "ca.pem", "-keyfile", "ca.key", "-in", "\(name).csr",
                     "-out", "\(name).pem", "-extfile", "\(name).ext", "-notext"] + dates)
        let certificate = try String(contentsOf: directory.appendingPathComponent("\(name).pem"), encoding: .utf8)
        let key = try String(contentsOf: directory.appendingPathComponent("\(name).key"), encoding: .utf8)
        return certificate + key
    }

    /// Writes `pem` beside the CA and returns its path (for servers that read files).
    public func write(_ pem: String, as name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try pem.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CertificateAuthorityError(message: "openssl \(arguments.prefix(2).joined(separator: " ")): "
                                            + String(decoding: message, as: UTF8.self))
        }
    }
}

public struct CertificateAuthorityError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
