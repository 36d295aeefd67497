#if canImport(Glibc)
import Glibc
#endif
import Loader
package import Plugins

/// `-o`, `-O`, `--output-dir`, `--create-dirs`, `-C -` and `--no-clobber`, as curl reads them:
/// which of a run's sources are saved to files, and where.
package struct DownloadSettings: Equatable {
    /// `-o FILE`, in order: the first goes with the first URL, the next with the next.
    package var files: [String] = []
    /// `-O`: every URL without an `-o` is saved under its own name.
    package var remoteNames = false
    /// `--output-dir DIR`: where relative names are saved.
    package var directory: String?
    /// `--create-dirs`: the directories a name needs are made.
    package var createsDirectories = false
    /// `-C -`: a download resumes from the bytes a cut one left.
    package var resumes = false
    /// `--no-clobber`: an existing file is never replaced.
    package var keepsExisting = false

    package init() {}

    /// Whether any source is saved to a file.
    package var isEnabled: Bool { !files.isEmpty || remoteNames }

    /// The targets of `requests`, in order (nil: printed as ever), or why they cannot be.
    package func targets(for requests: [SourceRequest]) throws(UsageFailure) -> [DownloadTarget?] {
        guard isEnabled else { return requests.map { _ in nil } }
        if files.count > requests.count {
            throw UsageFailure(message: "-o: \(files.count) files for \(requests.count) \(requests.count == 1 ? "source" : "sources"); give one -o for each URL, in order")
        }
        var targets: [DownloadTarget?] = []
        for (index, request) in requests.enumerated() {
            var name: String
            if index < files.count {
                name = files[index]
                guard !name.isEmpty, name != "-" else {
                    throw UsageFailure(message: "-o \(name.isEmpty ? "''" : name): give a file's name; without -o the content goes to standard output")
                }
            } else if remoteNames {
                let path = request.url.flatMap(URLParts.init).map(\.path) ?? request.samplePath
                guard let remote = DownloadTarget.remoteName(ofPath: path) else {
                    throw UsageFailure(message: "-O: \(request.url ?? request.sourceName) names no file (its path ends in /, ., .. or holds an encoded /); give -o FILE for it")
                }
                name = remote
            } else {
                targets.append(nil)
                continue
            }
            if let directory, !name.hasPrefix("/") { name = directory + (directory.hasSuffix("/") ? "" : "/") + name }
            try checkDirectory(of: name)
            var target = DownloadTarget(path: name, keepsExisting: keepsExisting)
            var info = stat()
            if stat(name, &info) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFREG: break
                case S_IFCHR: target.writesInPlace = true
                default:
                    throw UsageFailure(message: "-o \(name): it is \(info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "no regular file"); give a file's name (or --output-dir DIR with -O)")
                }
            }
            if target.writesInPlace && (resumes || keepsExisting) {
                throw UsageFailure(message: "-o \(name): a device is written as it is; -C - and --no-clobber are for files")
            }
            if resumes && !target.writesInPlace {
                for candidate in [target.partPath, name] {
                    var info = stat()
                    guard stat(candidate, &info) == 0 else { continue }
                    guard info.st_mode & S_IFMT == S_IFREG else { throw UsageFailure(message: "-C -: \(candidate) is not a regular file") }
                    (target.resumeOffset, target.resumedFile) = (Int(info.st_size), candidate)
                    break
                }
            }
            if targets.contains(where: { $0?.path == target.path }) {
                throw UsageFailure(message: "-o: \(target.path) is the target of two URLs; give each its own -o")
            }
            targets.append(target)
        }
        return targets
    }

    /// Makes the directory `path` goes in when `--create-dirs` says so; otherwise says it is
    /// missing, before any request.
    private func checkDirectory(of path: String) throws(UsageFailure) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        var info = stat()
        if stat(directory, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw UsageFailure(message: "-o \(path): \(directory) is not a directory") }
            return
        }
        guard createsDirectories else {
            throw UsageFailure(message: "-o \(path): there is no directory \(directory); make it, or give --create-dirs")
        }
        var made = directory.hasPrefix("/") ? "/" : ""
        for part in directory.split(separator: "/") {
            made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + part
            if mkdir(made, 0o750) != 0 && errno != EEXIST {
                throw UsageFailure(message: "--create-dirs: cannot make \(made): \(LocalFile.reason(for: errno))")
            }
        }
    }

    /// `request` as a download to `target`: its body saved by the download plugin, asked from
    /// the resume offset with `Range`, neither capped nor timed as a page is (only by
    /// `--max-size` and `--timeout` when given), and kept neither in the copy store nor the
    /// history, which keep pages, not files.
    package static func apply(_ target: DownloadTarget, to request: inout SourceRequest, load: LoadSettings) {
        request.plugin = .fixed(AnyContentDecoder(DownloadPlugin(target: target)))
        if let offset = target.resumeOffset { request.options.headers.append(RequestHeader(name: "Range", value: "bytes=\(offset)-")) }
        // No cap of its own; a quarter of Int's range, so that no count past it overflows.
        request.options.maxBodySize = load.maxSize ?? .max / 4
        request.options.deadline = load.timeout ?? .seconds(365 * 86400)
        request.options.usesCache = false
        request.options.keepsCopy = false
        request.options.accept = nil
        request.historyKeep = nil
        request.pages = 1
    }
}
