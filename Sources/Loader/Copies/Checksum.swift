internal import CGLib

/// SHA-256 through GLib's `GChecksum`.
package enum Checksum {
    /// The hex digest of `pieces`, each followed by a NUL so that no two splits of the same
    /// bytes agree.
    package static func sha256(_ pieces: [[UInt8]]) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        for piece in pieces {
            piece.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, gssize($0.count)) }
            var separator: UInt8 = 0
            g_checksum_update(checksum, &separator, 1)
        }
        return String(cString: g_checksum_get_string(checksum))
    }
}
