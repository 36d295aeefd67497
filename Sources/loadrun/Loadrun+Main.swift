#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Loader
import LoadrunCLI
import Plan

/// How the process starts: the standard streams claimed, argv read and blanked, the command
/// line parsed (or its help laid out) and the command run in the run's context, then the exit.
extension Loadrun {
    /// Builds the run's context, parses the command line as `ArgumentRewrite` rewrites it, runs
    /// the command in the context, and exits with the status of how it went.
    ///
    /// Otherwise ArgumentParser's own `main`, except that an error goes through the run's
    /// diagnostics: it may quote an argument pasted from elsewhere, which must not drive the
    /// terminal. An unknown option is said in loadrun's words, with the nearest option it does
    /// take.
    static func main() {
        // exit() runs no deinit and unwinds no frame: whatever a frame still held would be
        // left behind (valgrind counted the argument array as lost). So the run happens in a
        // function of its own, and only its status is alive here when the process ends.
        // Before GLib opens anything: a closed fd 0, 1 or 2 gets /dev/null, so that no GLib fd
        // takes its number.
        StandardStreams.claim()
        // A file past `ulimit -f` (a store's write, the sources file an import writes) is
        // EFBIG, which each writer handles, not a signal that ends the process mid-write.
        signal(SIGXFSZ, SIG_IGN)
        // Copied before the password in argv is blanked: `arguments` is read from argv once.
        let arguments = Array(CommandLine.arguments.dropFirst())
        PasswordBlanking.blankArgv()
        let status = MainActor.assumeIsolated { run(arguments).exitStatus }
        Glibc.exit(status)
    }

    /// The run's context while `run(_:)` lasts, for what swift-argument-parser calls with no way
    /// to hand it one: `validate()` and the shell's completions. Only the main thread, which
    /// parses the command line and runs the loop, sets or reads it.
    @MainActor private static var current: RunContext?

    /// The shell's words after `loadrun history`: the sources the history knows.
    static func sourceCompletions(_ words: [String]) -> [String] {
        withContext { CompletionWords.historySources(commandLine: words, in: $0) }
    }

    /// `body`'s result with the run's context. For code that swift-argument-parser calls while
    /// `run(_:)` parses, on the main thread.
    static func withContext<Result: Sendable>(_ body: @MainActor (RunContext) -> Result) -> Result {
        MainActor.assumeIsolated {
            guard let current else { preconditionFailure("the context is set before the command line is parsed") }
            return body(current)
        }
    }

    /// Parses `commandLine` (the arguments after the program's name), runs the command and
    /// says any error; returns how it went. Everything the run owned is released by the time
    /// it returns.
    @MainActor private static func run(_ commandLine: [String]) -> RunOutcome {
        let context = RunContext(environment: ProcessEnvironment.variables)
        current = context
        defer { current = nil }
        let rewrite = ArgumentRewrite(commandLine, subcommands: subcommandNames)
        // An `--arg` without its pair: the parser would take the words after it for others.
        if let failure = rewrite.failure, !Self.asksForHelp(rewrite.parsed) { return context.refuse(UsageFailure(message: failure)) }
        // `loadrun --help` alone is answered with the help the parser would lay out after
        // parsing it: the parse, which only finds the help flag there, cost as much as the
        // layout (callgrind: 14 M instructions of the 47 M the run took).
        if Self.isHelpAlone(rewrite.parsed) { return context.writeOutput(LoadrunHelp.short) }
        // `--help all`, `--help TOPIC`, as curl's: the words as typed, before the operand
        // after --help is moved past a `--`.
        if commandLine.count == 2, ["--help", "-h"].contains(commandLine[0]) {
            let asked = commandLine[1]
            if asked == "all" { return context.writeOutput(helpMessage() + "\n") }
            if let topic = LoadrunHelp.topic(asked, fullHelp: helpMessage()) { return context.writeOutput(topic) }
            if !asked.hasPrefix("-"), !subcommandNames.contains(asked) {
                return context.refuse(UsageFailure(message: "--help \(asked): no such topic; give all, or one of \(LoadrunHelp.topics.map(\.name).joined(separator: ", "))"))
            }
        }
        do {
            var command = try parseAsRoot(rewrite.parsed)
            guard let loadrunCommand = command as? any LoadrunCommand else {
                // swift-argument-parser's own `help` subcommand: its run throws the help it shows.
                try command.run()
                return .success
            }
            return try loadrunCommand.run(in: context)
        } catch let failure as UsageFailure {
            return context.refuse(failure)
        } catch {
            // --help and --version, on stdout as ArgumentParser prints them. Each of its calls
            // lays out the help text anew, `exitCode(for:)` too: a command line that asks for
            // help is answered from one layout, unless what came back is an error after all.
            if Self.asksForHelp(rewrite.parsed) {
                let message = fullMessage(for: error)
                if !message.hasPrefix(_errorPrefix) { return message.isEmpty ? .success : context.writeOutput(message + "\n") }
            } else if exitCode(for: error).isSuccess {
                let message = fullMessage(for: error)
                return message.isEmpty ? .success : context.writeOutput(message + "\n")
            }
            // Whatever the parser refuses is the command line's fault: one line, and 64.
            return context.refuse(ParserFailure.failure(parserMessage: message(for: error), arguments: rewrite.words,
                                                        subcommands: subcommandNames, toolInfo: _dumpHelp))
        }
    }

    /// Whether `arguments` hold one of ArgumentParser's help flags before any `--`, which it
    /// answers before it reads anything else.
    private static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" || $0 == "-help" }
    }

    /// Whether `arguments` are one help flag and nothing else: the main command's help, laid
    /// out as the parser lays it out for the help it was asked for.
    static func isHelpAlone(_ arguments: [String]) -> Bool {
        arguments == ["--help"] || arguments == ["-h"]
    }

    /// The names of the subcommands, which a usage error's pointer to `--help` names.
    private static var subcommandNames: Set<String> { Set(configuration.subcommands.map { $0._commandName }) }
}
