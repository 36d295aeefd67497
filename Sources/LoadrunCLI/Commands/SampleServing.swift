#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plugins
import SampleSource

/// `loadrun serve`: the embedded sample source as a server of its own, until a signal ends it.
package struct SampleServing {
    /// `--port`: 0 for any free one.
    package var port: Int

    package init(port: Int) { self.port = port }

    /// Serves until a signal ends it, and says which; a port it cannot listen on fails its
    /// one source, the server.
    package func run(in context: RunContext) -> RunOutcome {
        let diagnostics = context.diagnostics
        signal(SIGPIPE, SIG_IGN)
        let loop = EventLoop()
        let server = SampleServer()
        server.serveSampleContent()
        do {
            try server.listen(port: port)
        } catch {
            diagnostics.say("serve: \(error) — pick another port with --port, or --port 0 for any free one")
            return .allFailed
        }
        server.onRequest = { exchange in
            diagnostics.say("\(exchange.method) \(exchange.path) \(exchange.status)")
        }
        // Whether or not anybody reads the URLs, serving still makes sense: a failed write
        // ends nothing here.
        context.output.write("""
            \(server.url("/"))
            \(server.url("/posts"))
            \(server.url("/articles"))
            \(server.url("/images"))
            \(server.url("/events"))
            \(server.url("/events.jsonl"))

            """)
        diagnostics.say("serving the sample source on \(server.url("")); Ctrl-C to stop")

        var ending = SIGINT
        let watches = EndingSignals.watch(on: loop) { signal in
            ending = signal
            loop.quit()
        }
        loop.run()
        watches.forEach { $0.cancel() }
        return .signal(ending)
    }
}
