#if canImport(Glibc)
import Glibc
#endif

/// A port on 127.0.0.1 where nothing listens, for a connection that must be refused.
///
/// Below the kernel's ephemeral range (32768 and up by default): a closed port taken from
/// that range can come back as the local port of the very connection aimed at it, which then
/// connects to itself (TCP's simultaneous open) and reads its own request, so the test saw a
/// reset, not a refusal, now and then.
public enum ClosedPort {
    public struct NoFreePort: Error, CustomStringConvertible {
        public var description: String { "no free port between 20000 and 32000" }
    }

    /// Throws when none is free between 20000 and 32000.
    public static func make() throws -> Int {
        var port = 20_000 + Int(getpid() % 10_000)
        for _ in 0..<2_000 {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(descriptor)
            // Free now, and never listened on: a connection to it is refused.
            if bound == 0 { return port }
            port = port >= 32_000 ? 20_000 : port + 1
        }
        throw NoFreePort()
    }
}
