/// A request's body and its `Content-Type`.
public struct RequestBody: Sendable, Equatable {
    /// Where the body's bytes are.
    public enum Source: Sendable, Equatable {
        /// Held here (`-d`, `--json`, a form).
        case bytes([UInt8])
        /// Read from this regular file of `size` bytes as the request is sent, never held
        /// (`-T FILE`); each attempt reads it anew.
        case file(path: String, size: Int)
    }

    public var source: Source
    /// Its media type; empty for none (an upload as curl's `-T` sends it).
    public var contentType: String

    public init(bytes: [UInt8], contentType: String) {
        source = .bytes(bytes)
        self.contentType = contentType
    }

    public init(file path: String, size: Int, contentType: String = "") {
        source = .file(path: path, size: size)
        self.contentType = contentType
    }

    /// What tells this body from another's, for a request's identity in the history: the
    /// bytes, or a file's path and size.
    public var identity: [UInt8] {
        switch source {
        case .bytes(let bytes): bytes
        case .file(let path, let size): Array("file:\(path):\(size)".utf8)
        }
    }
}
