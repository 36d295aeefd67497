#if canImport(Glibc)
import Glibc
#endif
internal import CGLib

/// A command started and left to itself: searched on PATH, its input and outputs /dev/null
/// (it can never write over the screen), reaped by GLib. What `o` starts a browser with.
public enum DetachedProcess {
    /// Starts `argv`; nil when it started, else GLib's reason.
    public static func start(_ argv: [String]) -> String? {
        var pointers = argv.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        var error: UnsafeMutablePointer<GError>?
        let flags = GSpawnFlags(rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_STDOUT_TO_DEV_NULL.rawValue
                                | G_SPAWN_STDERR_TO_DEV_NULL.rawValue | G_SPAWN_STDIN_FROM_DEV_NULL.rawValue)
        guard g_spawn_async(nil, &pointers, nil, flags, nil, nil, nil, &error) == 0 else { return nil }
        guard let error else { return "it did not start" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }

}
