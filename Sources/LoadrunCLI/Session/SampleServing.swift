#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plugins
import SampleSource

/// `loadrun serve`: the embedded sample source as a server of its own, until a signal ends it.
package enum SampleServing {
    /// Serves on `port` (0: any free one) and returns the exit status.
    package static func run(port: Int) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let loop = EventLoop()
        let server = SampleServer()
        server.serveSampleContent()
        do {
            try server.listen(port: port)
        } catch {
            Diagnostics.say("serve: \(error) — pick another port with --port, or --port 0 for any free one")
            return ExitStatus.allFailed
        }
        server.onRequest = { exchange in
            Diagnostics.say("\(exchange.method) \(exchange.path) \(exchange.status)")
        }
        do {
            try OutputStream.standardOutput.write("""
                \(server.url("/"))
                \(server.url("/posts"))
                \(server.url("/articles"))
                \(server.url("/images"))

                """)
        } catch {
            // Nobody reads the URLs; serving still makes sense.
        }
        Diagnostics.say("serving the sample source on \(server.url("")); Ctrl-C to stop")

        var status = ExitStatus.interrupted
        let watches = EndingSignals.watch(on: loop) { _, code in
            status = code
            loop.quit()
        }
        loop.run()
        watches.forEach { $0.cancel() }
        return status
    }
}
