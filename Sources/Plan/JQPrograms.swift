import Plugins

/// The jq programs of a run's sources, each compiled once: a thousand sources that run the
/// same `--jq` share one program, since libjq takes some 20 ms to compile one. Every program
/// of a run has the same `$NAME`s (`--arg`, `--argjson`).
struct JQPrograms {
    private var compiled: [Key: JQProgram] = [:]
    private struct Key: Hashable {
        let text: String
        let confined: Bool
    }
    private let arguments: JQArguments

    init(arguments: JQArguments = JQArguments()) { self.arguments = arguments }

    /// The program `text`, compiled now or before, `confined` as `JQProgram.isConfined`
    /// says; a usage error, with jq's words and `place` (`--jq`, or the sources file's line),
    /// when it does not compile.
    mutating func program(_ text: String, place: String, confined: Bool = false) throws(UsageFailure) -> JQProgram {
        let key = Key(text: text, confined: confined)
        if let program = compiled[key] { return program }
        do throws(JQProgram.CompileError) {
            let program = try JQProgram(text, arguments: arguments, confined: confined)
            compiled[key] = program
            return program
        } catch {
            throw UsageFailure(message: "\(place): \(error)")
        }
    }
}
