import Plan

/// The presenter for a run, chosen once from the output format, the schedule and whether
/// stdout is a terminal.
enum PresenterChoice {
    /// The full-screen view draws its frames through `output`, the run's stdout, and takes
    /// the mouse when `usesMouse`. A run that `waits` for a condition prints each change as on
    /// a pipe, terminal or not: the content that met it stays on the terminal after the exit.
    /// So does a watch that prints each response's `head`.
    static func presenter(format: OutputFormat, schedule: LoadSession.Schedule, terminal: Terminal,
                          output: ContentOutput, usesMouse: Bool = true, waits: Bool = false,
                          head: ResponseHeadOutput = .omitted) -> any Presenter {
        switch (format, schedule) {
        case (.ndjson, _): NDJSONLog()
        case (.text, .once): OrderedPrinter(format: .text, head: head)
        case (.json, .once): OrderedPrinter(format: .json)
        case (.text, .interval) where terminal.stdoutIsTTY && !waits && head == .omitted, (_, .browse):
            ScreenPresenter(terminal: terminal, output: output, usesMouse: usesMouse)
        case (.text, .interval): PipePrinter(format: .text, head: head)
        case (.json, .interval): PipePrinter(format: .json)
        }
    }
}
