internal import CJQ

/// A jq program's named arguments, as the jq binary's `--arg NAME VALUE` and `--argjson NAME
/// JSON` give them: each `$NAME` in the program, and all of them in `$ARGS.named`.
///
/// Kept as text, not as libjq values: each compiled state binds its own (see `lr_jq_compile`),
/// since libjq 1.6 counts references without atomics and states run on threads of their own.
public struct JQArguments: Sendable, Equatable {
    /// What one name is bound to.
    public enum Value: Sendable, Equatable {
        /// `--arg`: the text, as a string.
        case string(String)
        /// `--argjson`: the JSON value this text is.
        case json(String)
    }

    /// One `$NAME` and its value.
    public struct Named: Sendable, Equatable {
        public var name: String
        public var value: Value

        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// Why an argument is not taken.
    public enum Problem: Error, Equatable {
        /// The name is no jq identifier (`[A-Za-z_][A-Za-z0-9_]*`).
        case notAName
        /// The name was given before.
        case givenTwice
        /// `ARGS`: jq's own `$ARGS`, which would hide the value.
        case reserved
        /// The JSON does not parse, with libjq's words.
        case notJSON(String)
        /// libjq cannot be loaded to read the JSON, with why.
        case noLibrary(String)
    }

    /// The arguments, in the order given.
    public private(set) var named: [Named] = []

    public init() {}

    /// Whether there are none.
    public var isEmpty: Bool { named.isEmpty }

    /// Adds `$name`, bound to `value`; throws when the name is not one jq takes, was given
    /// before, or the JSON does not parse (judged by libjq, as jq judges `--argjson`).
    public mutating func add(_ name: String, _ value: Value) throws(Problem) {
        guard Self.isIdentifier(name) else { throw .notAName }
        guard name != "ARGS" else { throw .reserved }
        guard !named.contains(where: { $0.name == name }) else { throw .givenTwice }
        if case .json(let text) = value, let problem = Self.jsonProblem(text) { throw problem }
        named.append(Named(name: name, value: value))
    }

    /// Whether `word` is a jq identifier: `[A-Za-z_][A-Za-z0-9_]*`, the names `$NAME` takes.
    public static func isIdentifier(_ word: some StringProtocol) -> Bool {
        guard let first = word.utf8.first, first == UInt8(ascii: "_") || Self.isLetter(first) else { return false }
        return word.utf8.allSatisfy { $0 == UInt8(ascii: "_") || Self.isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func jsonProblem(_ text: String) -> Problem? {
        if let problem = lr_jq_open() { return .noLibrary(String(cString: problem)) }
        // NUL-terminated: libjq quotes the text in its message as a C string.
        let bytes = Array(text.utf8) + [0]
        let problem = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lr_jq_json_problem($0.baseAddress, bytes.count - 1) }
        }
        defer { lr_jq_free_text(problem) }
        return problem.map { .notJSON(String(cString: $0)) }
    }

    /// The arguments as the C wrapper takes them, valid while `body` runs.
    func withCArguments<Result>(_ body: (UnsafePointer<lr_jq_arg>?, Int) -> Result) -> Result {
        // Each name and value copied to memory that lives as long as the call: a Swift
        // string's own bytes are only lent for a closure's length.
        var buffers: [UnsafeMutablePointer<CChar>] = []
        defer { buffers.forEach { $0.deallocate() } }
        func copy(_ text: String) -> (UnsafeMutablePointer<CChar>, Int) {
            let bytes = Array(text.utf8)
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            buffer[bytes.count] = 0
            buffers.append(buffer)
            return (buffer, bytes.count)
        }
        let args = named.map { named -> lr_jq_arg in
            let (name, _) = copy(named.name)
            switch named.value {
            case .string(let text):
                let (value, length) = copy(text)
                return lr_jq_arg(name: name, value: value, length: length, is_json: 0)
            case .json(let text):
                let (value, length) = copy(text)
                return lr_jq_arg(name: name, value: value, length: length, is_json: 1)
            }
        }
        return args.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
    }
}
