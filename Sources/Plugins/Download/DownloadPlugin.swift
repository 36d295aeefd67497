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
        // No tap: an empty body (a 204), which still makes the file, as curl makes it.
        let tap = DownloadTap(target: target, response: response)
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
        let flags = target.writesInPlace ? O_WRONLY | O_CLOEXEC | O_NOCTTY
            : O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (resumes ? O_APPEND : O_TRUNC)
        descriptor = open(path, flags, 0o666)
        if descriptor < 0 { problem = "cannot write \(path): \(LocalFile.reason(for: errno))" }
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
        if let problem { throw DecodeFailure(problem, suggestion: "free some space, or give -o a file you can write", offersOtherPlugins: false) }
        if target.writesInPlace {
            close(descriptor)
            descriptor = -1
            return SavedFile(path: path, bytes: written, resumedFrom: nil, rangeIgnored: false, mediaType: mediaType)
        }
        if fsync(descriptor) != 0 || close(descriptor) != 0 {
            descriptor = -1
            throw DecodeFailure("cannot write \(path): \(LocalFile.reason(for: errno))", offersOtherPlugins: false)
        }
        descriptor = -1
        let final = target.keepsExisting ? Self.freeName(for: target.path) : target.path
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
