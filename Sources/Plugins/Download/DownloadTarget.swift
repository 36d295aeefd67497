/// Where a download's body goes (`-o`, `-O`, `--output-dir`), and how: the body is written to
/// `partPath` beside the target as it comes, and renamed to the target once it came whole, so
/// that a failed or cancelled download never leaves a half file under the target's name.
public struct DownloadTarget: Sendable, Equatable {
    /// The file the body becomes.
    public var path: String
    /// `-C -`: the bytes already there to resume from (the size of `resumedFile`), asked for
    /// with `Range`; nil for a download from the start.
    public var resumeOffset: Int?
    /// The file those bytes are in: the part a cut download left, or the target itself (as a
    /// curl download cut short leaves it).
    public var resumedFile: String?
    /// `--no-clobber`: an existing file is never replaced; the body takes the first free name
    /// of `path.1`, `path.2`….
    public var keepsExisting = false
    /// Whether the body goes straight into `path`, with no part beside it and no rename: a
    /// character device (`-o /dev/null`, as curl users time a transfer), which a rename would
    /// replace with a file.
    public var writesInPlace = false

    public init(path: String, resumeOffset: Int? = nil, resumedFile: String? = nil, keepsExisting: Bool = false) {
        self.path = path
        self.resumeOffset = resumeOffset
        self.resumedFile = resumedFile
        self.keepsExisting = keepsExisting
    }

    /// The part file beside the target, which a failed download leaves to resume from.
    public var partPath: String { path + ".part" }

    /// `-O`: the name a URL gives its download, its path's last segment percent-decoded; nil
    /// when that is empty, `.` or `..`, holds a `/` or a NUL once decoded, or is no UTF-8.
    public static func remoteName(ofPath path: String) -> String? {
        let segment = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        guard let name = percentDecoded(segment), !name.isEmpty, name != ".", name != "..",
              !name.contains("/"), !name.contains("\u{0}") else { return nil }
        return name
    }

    private static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1]) else { return nil }
            bytes.append(high << 4 | low)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A download that came whole, as the run shows it.
public struct SavedFile: Sendable, Equatable {
    /// Where it is now: the target, or the free name `--no-clobber` took.
    public var path: String
    /// Its size on disk.
    public var bytes: Int
    /// The bytes resumed from (`-C -`), when the server sent the rest.
    public var resumedFrom: Int?
    /// Whether the server ignored the `Range` asked for and sent the whole file anew.
    public var rangeIgnored = false
    public var mediaType: String?
}
