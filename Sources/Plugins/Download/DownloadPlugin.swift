#if canImport(Glibc)
import Glibc
#endif
public import Loader
internal import TerminalText

/// A download (`-o`, `-O`): the body written to its target's part file as it comes, never
/// held in memory, and renamed to the target once it came whole. One decoder per download,
/// made by the plan for its target; nothing is printed on stdout, as curl prints nothing with
/// `-o`, and the file saved is said on stderr.
public struct DownloadPlugin: ContentPlugin, BodyTappingDecoder {
    public static let pluginName = "download"
    public let name = DownloadPlugin.pluginName
    public let mediaTypes = ["*/*"]
    public let summary = "the body saved to a file (-o, -O)"
    public let takes = "anything"
    public let target: DownloadTarget

    public init(target: DownloadTarget) { self.target = target }

    public func offer(_ body: ResponseBody) -> Offer<SavedFile> { .declined }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> SavedFile {
        // No tap: a body read whole (a file's, standard input's), or an empty one (a 204),
        // which still makes the file, as curl makes it.
        let tap = DownloadTap(target: target, response: response)
        body.withUnsafeBytes { tap.take($0) }
        return try tap.finish(mediaType: response.mediaType)
    }

    public func tap(for response: ResponseInfo, handingTo handoff: ItemHandoff?) -> (any BodyTap)? {
        DownloadTap(target: target, response: response)
    }

    public func decode(_ body: [UInt8], response: ResponseInfo, handingTo handoff: ItemHandoff?, tapped tap: any BodyTap) throws(DecodeFailure) -> SavedFile {
        guard let tap = tap as? DownloadTap else { return try decode(body, response: response) }
        return try tap.finish(mediaType: response.mediaType)
    }

    /// What stands in for the content, which went to the file: where it went.
    public func emptyState(_ model: SavedFile) -> String? {
        var said = "saved \(ByteCount.format(model.bytes)) to \(UntrustedText.forTerminalLine(model.path))"
        if let resumed = model.resumedFrom { said += " (resumed after \(ByteCount.format(resumed)))" }
        if model.rangeIgnored { said += "; the server ignored the range asked for (-C -) and sent the whole file anew" }
        return said
    }

    public func render(_ model: SavedFile, context: RenderContext) -> String { "" }

    public func renderJSON(_ model: SavedFile, context: RenderContext) -> String {
        var fields = [JSON.Member("file", .string(model.path)), JSON.Member("bytes", .number(String(model.bytes)))]
        if let resumed = model.resumedFrom { fields.append(JSON.Member("resumedFrom", .number(String(resumed)))) }
        if let type = model.mediaType { fields.append(JSON.Member("mediaType", .string(type))) }
        return JSONWriter(context: context).write(.object(fields))
    }
}

/// The part file a download's body goes to as it comes. Left as it is when the load fails
/// or is cancelled (the part a later `-C -` resumes from); renamed to the target by `finish`.
final class DownloadTap: BodyTap {
    private let target: DownloadTarget
    private var descriptor: Int32 = -1
    /// The file written: the part beside the target, or the target itself when a download
    /// curl cut short is resumed in place.
    private let path: String
    private var written = 0
    private var resumedFrom: Int?
    private var rangeIgnored = false
    /// The first write that failed, said when the body ends.
    private var problem: String?

    var keepsBody: Bool { false }

    init(target: DownloadTarget, response: ResponseInfo) {
        self.target = target
        // 206 is the rest of the bytes asked for; anything else is the whole body.
        let resumes = response.status == 206 && target.resumeOffset != nil
        path = target.writesInPlace ? target.path : resumes ? target.resumedFile ?? target.partPath : target.partPath
        if resumes { resumedFrom = target.resumeOffset } else { rangeIgnored = target.resumeOffset != nil }
        if resumes, let offset = target.resumeOffset, Self.rangeStart(response.headers["Content-Range"]) != offset {
            problem = "the server sent a range that does not start at the \(offset) bytes there (Content-Range: "
                + "\(UntrustedText.forTerminalLine(response.headers["Content-Range"] ?? "none"))); \(path) is left as it was"
            return
        }
        // Never waits: a FIFO put where the part goes is refused by its type, not opened for good.
        let flags = target.writesInPlace ? O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK
            : O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | (resumes ? 0 : O_TRUNC)
        descriptor = open(path, flags, 0o666)
        guard descriptor >= 0 else {
            problem = "cannot write \(path): \(LocalFile.reason(for: errno))"
            return
        }
        var info = stat()
        let kind = fstat(descriptor, &info) == 0 ? info.st_mode & S_IFMT : 0
        guard kind == (target.writesInPlace ? S_IFCHR : S_IFREG), target.writesInPlace || info.st_nlink <= 1 else {
            problem = "\(path) is no file of loadrun's to write (a FIFO, a device, or a file with other links); move it away"
            return
        }
        // A retry of a resumed download starts again where the bytes that were there end,
        // whatever an attempt before it added.
        if resumes, let offset = target.resumeOffset {
            if ftruncate(descriptor, off_t(offset)) != 0 || lseek(descriptor, 0, SEEK_END) < 0 {
                problem = "cannot write \(path): \(LocalFile.reason(for: errno))"
            }
        }
    }

    /// The first byte a `Content-Range: bytes S-E/T` gives, or nil.
    static func rangeStart(_ header: String?) -> Int? {
        guard let header, header.hasPrefix("bytes ") else { return nil }
        return Int(header.dropFirst(6).prefix { $0 != "-" })
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    func take(_ chunk: UnsafeRawBufferPointer) {
        guard descriptor >= 0, problem == nil, var base = chunk.baseAddress else { return }
        var left = chunk.count
        while left > 0 {
            let count = write(descriptor, base, left)
            if count < 0 {
                if errno == EINTR { continue }
                problem = "cannot write \(path): \(LocalFile.reason(for: errno))"
                return
            }
            written += count
            left -= count
            base += count
        }
    }

    /// The body came whole: the part becomes the target (under a free name with
    /// `--no-clobber`), or the reason it cannot.
    func finish(mediaType: String?) throws(DecodeFailure) -> SavedFile {
        if let problem { throw DecodeFailure(problem, offersOtherPlugins: false) }
        if target.writesInPlace {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
            return SavedFile(path: path, bytes: written, resumedFrom: nil, rangeIgnored: false, mediaType: mediaType)
        }
        // No fsync, as curl does none: a multi-gigabyte one would hold the loop, and Ctrl-C with it.
        let closed = close(descriptor)
        descriptor = -1
        if closed != 0 { throw DecodeFailure("cannot write \(path): \(LocalFile.reason(for: errno))", offersOtherPlugins: false) }
        // A download resumed in the target itself is that file, whatever --no-clobber says.
        let final = target.keepsExisting && path != target.path ? Self.freeName(for: target.path) : target.path
        if path != final, rename(path, final) != 0 {
            throw DecodeFailure("cannot rename \(path) to \(final): \(LocalFile.reason(for: errno))", offersOtherPlugins: false)
        }
        var info = stat()
        let size = stat(final, &info) == 0 ? Int(info.st_size) : written
        return SavedFile(path: final, bytes: size, resumedFrom: resumedFrom, rangeIgnored: rangeIgnored, mediaType: mediaType)
    }

    /// `path`, or the first of `path.1`, `path.2`… that is not there, as curl's --no-clobber.
    static func freeName(for path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return path }
        var number = 1
        while lstat("\(path).\(number)", &info) == 0 { number += 1 }
        return "\(path).\(number)"
    }
}
