internal import CGLib
internal import CSoup

/// Why the sample server could not start.
public struct SampleServerError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
}
