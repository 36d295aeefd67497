/// Why a key file was refused, with the line to look at when one can be named.
public struct KeyFileError: Error, Equatable, Sendable {
    public var line: Int?
    public var message: String

    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }
}
