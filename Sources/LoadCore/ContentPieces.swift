/// Where a decoder that makes its content piece by piece (a jq program's results) hands each
/// piece over as it comes, on the loop's thread, before the load comes to rest: a run that
/// loads once prints them at once, as `jq` prints its results, and keeps none. The content the
/// decode returns is then what was not handed over.
public struct ContentPieces {
    /// Whether the taker can take more now; while it cannot, the decoder holds back (a slow
    /// reader of stdout).
    public var isReady: () -> Bool
    /// Takes a piece; returns whether it wants more (false: the reader left).
    public var take: (AnyContent) -> Bool
    /// Whether only a live stream's items are taken (see `BodyTap.isLive`), and any other
    /// content is kept whole: a watch prints a load's content only where it changed, which a
    /// stream, whose content is its items as they come, cannot wait to know.
    public var takesOnlyLiveStreams: Bool

    public init(isReady: @escaping () -> Bool, take: @escaping (AnyContent) -> Bool, takesOnlyLiveStreams: Bool = false) {
        self.isReady = isReady
        self.take = take
        self.takesOnlyLiveStreams = takesOnlyLiveStreams
    }
}
