// CBrotli's header includes GIO's: in a release build, GIO's enum constants (the zlib
// formats) are found through it, as ContentCoding finds them, and not through CGLib alone.
internal import CBrotli
internal import CGLib

/// Bytes compressed and back with zlib, through GLib's `GZlibCompressor` and
/// `GZlibDecompressor`: the history keeps each version's content so.
enum ZlibCodec {
    /// A compressor kept for many contents: zlib's state is a quarter of a megabyte to set up,
    /// which a thousand small sources would pay a thousand times; a reset is nearly free.
    final class Compressor {
        /// The `GZlibCompressor`, owned: unreffed once, in `deinit`.
        private let converter: OpaquePointer

        init() {
            converter = OpaquePointer(UnsafeMutableRawPointer(g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 1)!))
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(converter)) }

        /// `bytes`, zlib-compressed at a fast level: the history compresses on the loop.
        func compress(_ bytes: [UInt8]) -> [UInt8]? {
            g_converter_reset(converter)
            return ZlibCodec.convert(bytes, with: converter, expected: bytes.count / 4 + 64)
        }
    }

    /// `bytes`, zlib-compressed, by a compressor of its own.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? { Compressor().compress(bytes) }

    /// What `compress` made, back as it was; nil when it is not zlib data, or larger than
    /// `limit` once inflated.
    static func decompress(_ bytes: [UInt8], limit: Int) -> [UInt8]? {
        guard let converter = g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(converter)) }
        return convert(bytes, with: OpaquePointer(UnsafeMutableRawPointer(converter)), expected: bytes.count * 4 + 64, limit: limit)
    }

    /// Runs `converter` (a `GConverter`) over the whole input, growing the output as it goes.
    fileprivate static func convert(_ input: [UInt8], with converter: OpaquePointer, expected: Int, limit: Int = .max) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: max(expected, 256))
        var read = 0
        var written = 0
        while true {
            var consumed: gsize = 0
            var produced: gsize = 0
            var error: UnsafeMutablePointer<GError>?
            let flags = GConverterFlags(rawValue: G_CONVERTER_INPUT_AT_END.rawValue)
            let result = input.withUnsafeBytes { inBytes in
                output.withUnsafeMutableBytes { outBytes in
                    g_converter_convert(converter, inBytes.baseAddress.map { $0 + read }, gsize(inBytes.count - read),
                                        outBytes.baseAddress! + written, gsize(outBytes.count - written), flags, &consumed, &produced, &error)
                }
            }
            read += Int(consumed)
            written += Int(produced)
            if let error {
                let code = error.pointee.code
                g_error_free(error)
                // No room for the next piece: make some, and go on.
                guard code == G_IO_ERROR_NO_SPACE.rawValue else { return nil }
            } else if result == G_CONVERTER_FINISHED {
                output.removeSubrange(written...)
                return output
            } else if result == G_CONVERTER_ERROR {
                return nil
            }
            guard written <= limit else { return nil }
            if output.count - written < output.count / 2 { output += [UInt8](repeating: 0, count: output.count) }
        }
    }
}
