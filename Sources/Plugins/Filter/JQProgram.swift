internal import CJQ

/// A jq program, compiled once by libjq (jq 1.6) and run on JSON as the `jq` binary runs it:
/// jq's own language, numbers and key order, not a re-implementation.
public final class JQProgram {
    /// The program as it was written.
    public let source: String
    private let pointer: OpaquePointer

    /// Why a program could not be made: libjq is missing, or jq's own messages for a program
    /// that does not compile.
    public struct CompileError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// What one run gave: each result as compact JSON (what `jq -c` prints), in order, and
    /// what ended it early, if anything did (jq's message for a runtime error, or why the
    /// input is not JSON), after the results that came before; and what `debug` said, each
    /// as `["DEBUG:",VALUE]`, as the jq binary writes it on stderr.
    public struct Run: Equatable, Sendable {
        public var results: [String]
        public var failure: String?
        public var debugMessages: [String] = []
    }

    /// Compiles `source`; throws jq's messages when it does not compile.
    public init(_ source: String) throws(CompileError) {
        if let problem = lr_jq_open() {
            throw CompileError(description: "jq programs need libjq, which cannot be loaded (\(String(cString: problem))); install libjq1")
        }
        var error: UnsafeMutablePointer<CChar>?
        guard let pointer = lr_jq_compile(source, &error) else {
            defer { lr_jq_free_text(error) }
            throw CompileError(description: error.map { String(cString: $0) } ?? "jq: compile error")
        }
        self.source = source
        self.pointer = pointer
    }

    deinit { lr_jq_free(pointer) }

    /// Runs the program on each JSON value in `input` (a document, or JSON Lines).
    public func run(_ input: [UInt8]) -> Run {
        let collected = Collected()
        let failure = withExtendedLifetime(collected) {
            input.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    // Unretained: `collected` outlives the run, which calls back only during it.
                    lr_jq_run(pointer, text.baseAddress, text.count, Collected.emit, Collected.note,
                              Unmanaged.passUnretained(collected).toOpaque())
                }
            }
        }
        defer { lr_jq_free_text(failure) }
        return Run(results: collected.results, failure: failure.map { String(cString: $0) }, debugMessages: collected.debugMessages)
    }

    /// The results of a run in progress, as libjq hands them over.
    private final class Collected {
        var results: [String] = []
        var debugMessages: [String] = []

        static let emit: lr_jq_emit = { info, json, length in
            guard let info, let json else { return }
            Unmanaged<Collected>.fromOpaque(info).takeUnretainedValue().results.append(text(json, length))
        }

        static let note: lr_jq_emit = { info, json, length in
            guard let info, let json else { return }
            Unmanaged<Collected>.fromOpaque(info).takeUnretainedValue().debugMessages.append(text(json, length))
        }

        private static func text(_ bytes: UnsafePointer<CChar>, _ length: Int) -> String {
            bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
        }
    }
}
