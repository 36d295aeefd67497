/// `--browse` and what goes with it: the full-screen view in which the user picks an item of a
/// list and opens its detail, loaded from the source's detail template (`SourceRequest.detail`).
///
/// The schedule is kept apart: `--browse` alone leaves `LoadInvocation.schedule` at `.once`
/// (no reloading on an interval), and `--browse --watch` gives it the watch's interval. Which
/// view runs is decided from both, by the session.
package struct BrowseSettings: Equatable, Sendable {
    /// `--browse` (`-i`): the user asked for the browse view. Only ever true when standard
    /// output and standard input are terminals and the output is text: the command refuses
    /// the rest.
    package var isEnabled: Bool
    /// Whether the view loads the details of the items around the selected one before they
    /// are opened; `--no-prefetch` turns it off, for servers that count requests.
    package var prefetches: Bool
    /// Whether the view takes the mouse (clicks select and open, the wheel scrolls);
    /// `--no-mouse` leaves it to the terminal, for selecting text.
    package var usesMouse: Bool

    package init(isEnabled: Bool = false, prefetches: Bool = true, usesMouse: Bool = true) {
        self.isEnabled = isEnabled
        self.prefetches = prefetches
        self.usesMouse = usesMouse
    }

    /// The options that choose a view, as the command line gave them, with what the process
    /// was started with; `problem` judges them before anything is loaded.
    package struct Request: Equatable, Sendable {
        package var browse: Bool
        package var watch: Bool
        package var output: OutputFormat
        /// Whether `--detail` was given.
        package var detail: Bool
        package var stdoutIsTerminal: Bool
        package var stdinIsTerminal: Bool

        package init(browse: Bool, watch: Bool, output: OutputFormat, detail: Bool, stdoutIsTerminal: Bool, stdinIsTerminal: Bool) {
            self.browse = browse
            self.watch = watch
            self.output = output
            self.detail = detail
            self.stdoutIsTerminal = stdoutIsTerminal
            self.stdinIsTerminal = stdinIsTerminal
        }
    }

    /// Why `request` cannot run, said as a usage error with what to do instead; nil when it
    /// can. `--no-prefetch` is never a problem: without the view it changes nothing, and a
    /// script may well pass it always.
    package static func problem(_ request: Request) -> String? {
        guard request.browse else {
            // Without a full-screen view, no item is ever opened: a template would be ignored.
            return request.detail && !request.watch ? "--detail is the URL an item opens in the full-screen view; it goes with --browse or --watch" : nil
        }
        switch request.output {
        case .text:
            break
        case .json:
            return "--browse is a full-screen view and does not go with --output json (drop --browse to print the content as JSON)"
        case .ndjson:
            return "--browse is a full-screen view and does not go with --output ndjson (drop --browse to log each state transition as a JSON line)"
        }
        let remedy = request.watch ? "drop --browse, and --watch alone follows it on a pipe" : "drop --browse to print the content, or --watch to follow it on a pipe"
        if !request.stdoutIsTerminal {
            return "--browse needs a terminal: standard output is not one (\(remedy))"
        }
        if !request.stdinIsTerminal {
            // The view reads its keys from standard input: with no terminal there, nothing
            // could be selected or opened.
            return "--browse needs a terminal: standard input is not one, and the view reads its keys there (\(request.watch ? "drop --browse" : "drop --browse to print the content"))"
        }
        return nil
    }
}
