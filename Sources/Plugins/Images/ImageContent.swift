internal import Loader

/// A decoded image and what `--output json` says of it.
public struct ImageContent {
    public let mediaType: String
    public let width: Int
    public let height: Int
    /// The size of the encoded body.
    public let bytes: Int
    let pixbuf: Pixbuf
    /// A vector image's source, drawn again at the size of the box it is shown in.
    let vector: [UInt8]?

    /// `image/png 640×480, 35.0 KB`: what a pipe gets instead of escape codes.
    public var summary: String {
        "\(mediaType) \(width)×\(height), \(ByteCount.format(bytes))"
    }
}
