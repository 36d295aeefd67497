#if canImport(Glibc)
import Glibc
#endif

/// What loadrun knows about where its output goes.
struct Terminal {
    let stdoutIsTTY: Bool
    let stderrIsTTY: Bool
    /// Columns for rendered content: the terminal's width on a TTY, else `COLUMNS`, else 80.
    let width: Int
    /// Columns of the terminal stderr is on, for the progress line.
    let stderrWidth: Int
    /// Whether content may carry styling escapes: stdout is a terminal, `NO_COLOR` is unset
    /// and `TERM` is not `dumb`.
    let allowsStyling: Bool

    static func current(environment: [String: String]) -> Terminal {
        let stdoutIsTTY = isatty(STDOUT_FILENO) == 1
        let stderrIsTTY = isatty(STDERR_FILENO) == 1
        var width = 80
        if stdoutIsTTY, let columns = windowColumns(STDOUT_FILENO) {
            width = columns
        } else if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            width = columns
        }
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        let stderrWidth = stderrIsTTY ? windowColumns(STDERR_FILENO) ?? 80 : 80
        return Terminal(stdoutIsTTY: stdoutIsTTY, stderrIsTTY: stderrIsTTY, width: width, stderrWidth: stderrWidth,
                        allowsStyling: stdoutIsTTY && !noColor && !dumb)
    }

    /// Whether stderr can show a live, redrawn progress line.
    var showsLiveProgress: Bool { stderrIsTTY }

    private static func windowColumns(_ fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
