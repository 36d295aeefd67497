internal import CLastResort

/// The way out when the loop cannot take it: raw handlers, chained after GLib's, that end the
/// process on a second signal, or a second after the first, unless the loop has dealt with
/// the signal by then (DESIGN, "Ending: never wait on a library"). chafa does the same with
/// an alarm.
public enum LastResort {
    /// Watches `signal`, whose run ends with `status`. Call it after the loop's own watch of
    /// the signal is in place: GLib's handler is the one chained.
    public static func watch(_ signal: Int32, status: Int32) {
        lr_last_resort_watch(signal, status)
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
}
