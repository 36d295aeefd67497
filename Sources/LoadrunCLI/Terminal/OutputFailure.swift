#if canImport(Glibc)
import Glibc
#endif

/// Why a write to stdout or stderr failed.
package struct OutputFailure: Error, Equatable {
    /// The `errno` of the failed write.
    package let code: Int32

    /// The reader went away (EPIPE): a quiet end, as for `| head`.
    package var isBrokenPipe: Bool { code == EPIPE }

    /// The system's words for it: `no space left on device`.
    package var reason: String {
        if code == EBADF { return "standard output is closed" }
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
