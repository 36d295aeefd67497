import ArgumentParser
import LoadrunCLI

/// A command of loadrun, the main one or a subcommand: parsed by swift-argument-parser, then
/// run in the run's context instead of by the parser's own `run()`, so that every command
/// writes through the one stdout and stderr, and says how it went as a `RunOutcome`, which
/// `Loadrun.main` makes the exit status.
protocol LoadrunCommand: ParsableCommand {
    func run(in context: RunContext) throws -> RunOutcome
}
