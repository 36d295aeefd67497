internal import Loader

/// A body no other plugin takes: its type, its size, and its first bytes.
public struct Bytes: Equatable, Sendable {
    public var mediaType: String?
    /// The body, whole: the first bytes for the dump, and all of them where they are written
    /// as data (to a pipe or a file, as curl writes them).
    public var body: [UInt8]
    /// The first bytes, for the dump.
    public var head: ArraySlice<UInt8> { body.prefix(BytesPlugin.shown) }
    public var count: Int { body.count }
    public var choice: String?

    /// `application/octet-stream, 1.0 KB (1024 bytes)`: the line over the dump, as an image's
    /// `image/png 640×480, 35.0 KB` is on a pipe, with the exact size beside the rounded one
    /// so that a truncated download shows.
    public var summary: String {
        let exact = count == 1 ? "1 byte" : "\(count) bytes"
        let size = count < 1000 ? exact : "\(ByteCount.format(count)) (\(exact))"
        return "\(mediaType ?? "untyped"), \(size)"
    }
}
