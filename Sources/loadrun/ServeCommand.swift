import ArgumentParser
import LoadrunCLI

/// `loadrun serve`: the embedded sample source as a server of its own.
struct ServeCommand: LoadrunCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
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

    func run(in context: RunContext) -> RunOutcome {
        SampleServing(port: port).run(in: context)
    }
}
