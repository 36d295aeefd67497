internal import CBrotli
internal import CGLib

/// A response's Content-Encoding, decoded by loadrun itself through GIO's zlib converter, or
/// libbrotli's decoder behind a GConverter of loadrun's own (`CBrotli`).
///
/// libsoup 3.2's decoder is not used: it passes a body through raw when its first bytes do
/// not decode (`Content-Encoding: gzip` on plain JSON loads as if it were fine), where curl
/// `--compressed` fails. Here a declared coding that does not decode is an error, whatever
/// the bytes look like.
enum ContentCoding: Equatable, Sendable {
    case gzip
    /// HTTP's "deflate": zlib's format (RFC 9110 §8.4.1.2).
    case deflate
    /// RFC 7932, as curl --compressed and xh ask for it.
    case brotli

    /// What requests ask for: the codings decoded here.
    static let acceptEncoding = "gzip, deflate, br"

    /// A coding named in a response that loadrun did not ask for and cannot decode.
    struct Unsupported: Error, Equatable {
        let name: String
    }

    /// The codings `header` lists, in the order the server applied them, without `identity`.
    static func codings(of header: String?) -> Result<[ContentCoding], Unsupported> {
        guard let header else { return .success([]) }
        var codings: [ContentCoding] = []
        for token in header.split(separator: ",") {
            let name = String(token).trimmingCharacters(in: " \t").lowercased()
            switch name {
            case "", "identity": continue
            case "gzip", "x-gzip": codings.append(.gzip)
            case "deflate": codings.append(.deflate)
            case "br": codings.append(.brotli)
            default: return .failure(Unsupported(name: String(name.prefix(40))))
            }
        }
        return .success(codings)
    }

    /// `stream` read through a decoder for each of `codings`, the last applied undone first.
    static func decoding(_ stream: InputStreamObject, _ codings: [ContentCoding]) -> InputStreamObject {
        var decoded = stream
        for coding in codings.reversed() {
            let decompressor: OpaquePointer? = switch coding {
            case .gzip: g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP)
            case .deflate: g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB)
            case .brotli: lr_brotli_decoder_new()
            }
            // The converter stream takes its own references to both.
            let converted = g_converter_input_stream_new(decoded.pointer, decompressor)
            g_object_unref(UnsafeMutableRawPointer(decompressor))
            decoded = InputStreamObject(adopting: converted!)
        }
        return decoded
    }
}
