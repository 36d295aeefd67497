#if canImport(Glibc)
import Glibc
#endif
internal import CGLib
import Loader

/// The random secret that keys the copy store's keys (HMAC-SHA256), kept outside the store:
/// a copy's key digests its request, credentials and headers included, and a digest alone
/// could be tested offline against a dictionary of passwords. Keyed with a secret that is not
/// in the cache directory, nothing there can: a cache directory is what gets copied into CI
/// caches, backups and bug reports; the secret stays in the state directory
/// (`copy-key`, 32 random bytes, 0600 in a 0700 directory of the user's own), beside the
/// history. Made by the first run that needs it, atomically: two runs at once agree on one.
struct CopyKeySecret {
    static let fileName = "copy-key"
    static let size = 32
    private let bytes: [UInt8]

    /// The stored form of `digest`: its HMAC under the secret, in hex.
    func storedKey(_ digest: String) -> String {
        let data = Array(digest.utf8)
        let hex = g_compute_hmac_for_data(G_CHECKSUM_SHA256, bytes, gsize(bytes.count), data, gsize(data.count))!
        defer { g_free(hex) }
        return String(cString: hex)
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The secret in `directory`, made there when there is none (or it was damaged: then
    /// `report` hears of it); a problem when the directory or the file cannot be used, or is
    /// another user's.
    static func load(from directory: String, report: (StoreProblem) -> Void) -> Result<CopyKeySecret, StoreProblem> {
        let path = directory + "/" + fileName
        let made = { () -> Int32 in
            let mask = umask(0o077)
            defer { umask(mask) }
            return g_mkdir_with_parents(directory, 0o700)
        }()
        guard made == 0 else { return .failure(.unwritable(path: directory, reason: LocalFile.reason(for: errno))) }
        do throws(StoreProblem) {
            try StoreFile.checkOwner(of: directory)
            StoreFile.tighten(directory, to: 0o700)
            switch try read(path) {
            case .read(let secret): return .success(secret)
            case .missing: break
            case .damaged:
                let aside = path + ".damaged"
                rename(path, aside)
                report(.damagedKey(path: path, movedTo: aside))
            }
            return .success(try make(path))
        } catch {
            return .failure(error)
        }
    }

    private enum Reading {
        case read(CopyKeySecret)
        case missing
        case damaged
    }

    private static func read(_ path: String) throws(StoreProblem) -> Reading {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        if descriptor < 0 {
            if errno == ENOENT { return .missing }
            if errno == ELOOP { throw .notAFile(path: path, kind: "a symbolic link") }
            throw .unwritable(path: path, reason: LocalFile.reason(for: errno))
        }
        defer { close(descriptor) }
        if let kind = LocalFile.nonRegularKind(of: descriptor) { throw .notAFile(path: path, kind: kind) }
        try StoreFile.checkOwner(of: path)
        // The user's own file loses what group and others could do, as the stores' files do.
        StoreFile.tighten(path, to: 0o600)
        var bytes = [UInt8](repeating: 0, count: size + 1)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count == size else { return .damaged }
        return .read(CopyKeySecret(bytes: Array(bytes.prefix(size))))
    }

    /// Writes a new secret beside `path` and links it into place; the one another run linked
    /// first wins, and is read back.
    private static func make(_ path: String) throws(StoreProblem) -> CopyKeySecret {
        var bytes = [UInt8](repeating: 0, count: size)
        guard bytes.withUnsafeMutableBytes({ getentropy($0.baseAddress, size) }) == 0 else {
            throw .unwritable(path: path, reason: LocalFile.reason(for: errno))
        }
        var template = Array((path + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { g_mkstemp_full($0.baseAddress!, O_RDWR | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: LocalFile.reason(for: errno)) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temporary) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        let code = errno
        close(descriptor)
        guard written == size, synced else { throw .unwritable(path: path, reason: LocalFile.reason(for: code)) }
        if link(temporary, path) != 0 {
            guard errno == EEXIST else { throw .unwritable(path: path, reason: LocalFile.reason(for: errno)) }
            guard case .read(let theirs) = try read(path) else { throw .unwritable(path: path, reason: "another loadrun is making it") }
            return theirs
        }
        return CopyKeySecret(bytes: bytes)
    }
}
