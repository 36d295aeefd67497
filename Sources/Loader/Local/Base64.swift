internal import CGLib

/// Base64, by GLib: what OSC 52 carries to the terminal's clipboard.
public enum Base64 {
    /// `bytes`, encoded.
    public static func encode(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { bytes in
            let encoded = g_base64_encode(bytes.baseAddress, gsize(bytes.count))
            defer { g_free(encoded) }
            return encoded.map { String(cString: $0) } ?? ""
        }
    }
}
