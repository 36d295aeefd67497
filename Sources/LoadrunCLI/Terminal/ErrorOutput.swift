#if canImport(Glibc)
import Glibc
#endif

/// stderr as diagnostics write it: never blocking the loop for long. A reader that keeps up
/// gets every line. One that stops reading gets a short grace (`grace`), and then the lines
/// that do not fit are dropped, counted, and said once the reader takes lines again.
///
/// `Diagnostics` owns the one instance of a run.
final class ErrorOutput {
    /// Lines dropped since the reader last took one; nonzero means stderr is blocked now.
    private var dropped = 0
    /// Whether a dropped line was partly written: the next output starts on a new line.
    private var cutMidLine = false

    /// How long one line may wait for a reader that has stopped, before lines are dropped.
    private static let grace: Int32 = 250

    /// Writes `text`, or drops it when stderr has not been read for a while.
    func write(_ text: String) {
        if StandardStreams.closedAtStart.contains(STDERR_FILENO) { return }
        var text = text
        if dropped > 0 {
            let lines = dropped == 1 ? "1 line" : "\(dropped) lines"
            text = (cutMidLine ? "\n" : "") + "loadrun: \(lines) of diagnostics dropped: standard error was not being read\n" + text
        }
        let (written, total) = writeAll(text, waiting: dropped == 0 ? Self.grace : 0)
        if written == total {
            dropped = 0
            cutMidLine = false
        } else {
            dropped += 1
            cutMidLine = cutMidLine || written > 0
        }
    }

    /// Writes all of `text` on fd 2, waiting while the reader is slow; a failure has nowhere
    /// left to be reported.
    func writeWhole(_ text: String) {
        if StandardStreams.closedAtStart.contains(STDERR_FILENO) { return }
        var text = text
        text.withUTF8 { buffer in
            _ = OutputStream.write(STDERR_FILENO, UnsafeRawBufferPointer(buffer)) {
                // A non-blocking descriptor inherited from the caller: wait until it drains.
                OutputStream.waitUntilWritable(STDERR_FILENO, milliseconds: -1)
            }
        }
    }

    /// Writes what stderr takes of `text`, waiting at most `milliseconds` for it to drain.
    private func writeAll(_ text: String, waiting milliseconds: Int32) -> (written: Int, total: Int) {
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
