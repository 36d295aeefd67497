internal import CLastResort

/// The way out when the loop cannot take it: raw handlers, chained after GLib's, that end the
/// process on a second signal, or when the loop has not taken the first in hand within its
/// patience (DESIGN, "Ending: never wait on a library"). chafa does the same with an alarm.
public enum LastResort {
    /// How long the loop has to take a signal in hand when the signal ends the run whatever
    /// the loop would decide: short enough that the process is gone within DESIGN's 100 ms
    /// even while a library holds the loop (a peer flooding HTTP/2 PING frames keeps libsoup
    /// reading for up to half a second).
    public static let endingPatience: Duration = .milliseconds(60)
    /// How long it has when the loop may decide that the run goes on (Ctrl-C on the
    /// full-screen view cancels a load): a second.
    public static let decidingPatience: Duration = .seconds(1)

    /// Watches `signal`, whose run ends with `status`, giving the loop `patience` to take it
    /// in hand. Call it after the loop's own watch of the signal is in place: GLib's handler is
    /// the one chained.
    public static func watch(_ signal: Int32, status: Int32, patience: Duration) {
        lr_last_resort_watch(signal, status, Int32(patience.wholeMilliseconds))
    }

    /// The loop has the signal in hand and is ending the run: it gets a second more for that.
    public static func hold() {
        lr_last_resort_hold()
    }

    /// The loop has dealt with a signal, and the run goes on (a Ctrl-C that only cancelled):
    /// no alarm, and the next signal counts as a first.
    public static func disarm() {
        lr_last_resort_disarm()
    }

    /// Remembers the terminal's settings now, on `inputFD`, and the escape codes that leave a
    /// full-screen view, to put both back on the way out. Call it before changing them.
    public static func saveTerminal(inputFD: Int32, leaving sequence: String) {
        var sequence = sequence
        sequence.withUTF8 { lr_last_resort_save_terminal(inputFD, $0.baseAddress, $0.count) }
    }

    /// The view put the terminal back itself.
    public static func forgetTerminal() {
        lr_last_resort_forget_terminal()
    }

    /// A live line is up on stderr with the cursor hidden: a process ended from outside the
    /// loop writes `restore` there (erase the line, show the cursor).
    public static func saveLiveLine(restoring restore: String) {
        var restore = restore
        restore.withUTF8 { lr_last_resort_save_line($0.baseAddress, $0.count) }
    }

    /// The live line is gone.
    public static func forgetLiveLine() {
        lr_last_resort_forget_line()
    }
}
