#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Loader
import Plugins
import SampleSource

/// `loadrun serve`: the embedded sample source as a server of its own.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the embedded sample source as an HTTP server on 127.0.0.1.",
        discussion: """
            Prints its URLs on stdout, logs each request on stderr, and serves until Ctrl-C.
            From another terminal: loadrun --source posts --url http://127.0.0.1:PORT/posts
            """
    )

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        let loop = EventLoop()
        let server = SampleServer()
        server.serveSampleContent()
        do {
            try server.listen(port: port)
        } catch {
            Diagnostics.say("serve: \(error) — pick another port with --port, or --port 0 for any free one")
            throw ExitCode(ExitStatus.allFailed)
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
        let watches = [(SIGINT, ExitStatus.interrupted), (SIGTERM, ExitStatus.terminated), (SIGHUP, ExitStatus.hangUp)].map { signal, code in
            loop.onSignal(signal) {
                status = code
                loop.quit()
            }
        }
        loop.run()
        watches.forEach { $0.cancel() }
        throw ExitCode(status)
    }
}
