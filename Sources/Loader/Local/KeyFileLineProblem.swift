/// A line of a key file that cannot be read as written, with the group it stands in.
public struct KeyFileLineProblem: Equatable, Sendable {
    /// 1-based.
    public var line: Int
    /// The group it stands in, as `KeyFile.groupNames` names it; nil before the first group.
    public var group: String?
    public var message: String
}
