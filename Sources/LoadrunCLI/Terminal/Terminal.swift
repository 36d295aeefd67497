#if canImport(Glibc)
import Glibc
#endif
import Plugins

/// What loadrun knows about where its output goes.
struct Terminal {
    let stdoutIsTTY: Bool
    let stderrIsTTY: Bool
    /// Whether standard input is a terminal: someone may type content there.
    let stdinIsTTY: Bool
    /// Columns for rendered content: the terminal's width on a TTY, else `COLUMNS`, else 80.
    let width: Int
    /// Rows of the terminal stdout is on, when it is one.
    let height: Int?
    /// Columns of the terminal stderr is on, for the progress line.
    let stderrWidth: Int
    /// The environment, for detecting what the terminal can draw.
    let environment: [String: String]
    /// `--color`, which `allowsStyling` comes from.
    let color: ColorChoice
    /// Whether content may carry styling escapes: `color`'s answer for stdout.
    var allowsStyling: Bool { color.allowsStyling(onTerminal: stdoutIsTTY, environment: environment) }

    static func current(environment: [String: String], color: ColorChoice) -> Terminal {
        let stdoutIsTTY = isatty(STDOUT_FILENO) == 1
        let stderrIsTTY = isatty(STDERR_FILENO) == 1
        var width = 80
        let stdoutSize = stdoutIsTTY ? windowSize(STDOUT_FILENO) : nil
        if let columns = stdoutSize?.columns {
            width = columns
        } else if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            width = columns
        }
        let stderrWidth = stderrIsTTY ? windowSize(STDERR_FILENO)?.columns ?? 80 : 80
        return Terminal(stdoutIsTTY: stdoutIsTTY, stderrIsTTY: stderrIsTTY, stdinIsTTY: isatty(STDIN_FILENO) == 1, width: width,
                        height: stdoutSize?.rows, stderrWidth: stderrWidth, environment: environment, color: color)
    }

    /// Whether `width` is a screen's: stdout's terminal, or `COLUMNS`; otherwise 80 is only a
    /// default for wrapping.
    var hasScreenWidth: Bool {
        stdoutIsTTY || (environment["COLUMNS"].flatMap(Int.init) ?? 0) > 0
    }

    /// Whether stderr can show a live, redrawn progress line: a terminal that moves its cursor
    /// (`TERM=dumb` says it cannot, as Emacs' shell and many CI logs set it).
    var showsLiveProgress: Bool { stderrIsTTY && environment["TERM"] != "dumb" }

    /// Whether stdout is a terminal whose cursor may be moved to redraw (a skeleton erased).
    var movesCursor: Bool { stdoutIsTTY && environment["TERM"] != "dumb" }

    /// The columns of the terminal stdout is on; nil off a terminal.
    static var stdoutColumns: Int? {
        isatty(STDOUT_FILENO) == 1 ? windowSize(STDOUT_FILENO)?.columns ?? 80 : nil
    }

    private static func windowSize(_ fd: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
