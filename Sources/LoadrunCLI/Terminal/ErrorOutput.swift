#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// stderr as diagnostics write it: never blocking the loop for long. A reader that keeps up
/// gets every line. One that stops reading gets a short grace (`grace`), and then the lines
/// that do not fit are dropped, counted, and said once the reader takes lines again.
enum ErrorOutput {
    private struct State {
        /// Lines dropped since the reader last took one; nonzero means stderr is blocked now.
        var dropped = 0
        /// Whether a dropped line was partly written: the next output starts on a new line.
        var cutMidLine = false
    }

    private static let state = Mutex(State())
    /// How long one line may wait for a reader that has stopped, before lines are dropped.
    private static let grace: Int32 = 250

    /// Writes `text`, or drops it when stderr has not been read for a while.
    static func write(_ text: String) {
        if StandardStreams.closedAtStart.contains(STDERR_FILENO) { return }
        state.withLock { state in
            var text = text
            if state.dropped > 0 {
                let lines = state.dropped == 1 ? "1 line" : "\(state.dropped) lines"
                text = (state.cutMidLine ? "\n" : "") + "loadrun: \(lines) of diagnostics dropped: standard error was not being read\n" + text
            }
            let (written, total) = writeAll(text, waiting: state.dropped == 0 ? grace : 0)
            if written == total {
                state = State()
            } else {
                state.dropped += 1
                state.cutMidLine = state.cutMidLine || written > 0
            }
        }
    }

    /// Writes what stderr takes of `text`, waiting at most `milliseconds` for it to drain.
    private static func writeAll(_ text: String, waiting milliseconds: Int32) -> (written: Int, total: Int) {
        let fd = StandardStreams.nonBlockingError
        var text = text
        return text.withUTF8 { buffer in
            var waited = false
            let (written, _) = OutputStream.write(fd, UnsafeRawBufferPointer(buffer)) {
                // One wait per line, and only for a reader that was keeping up.
                defer { waited = true }
                return !waited && milliseconds > 0 && OutputStream.waitUntilWritable(fd, milliseconds: milliseconds)
            }
            return (written, buffer.count)
        }
    }
}
