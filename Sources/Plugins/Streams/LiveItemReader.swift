import Loader

/// Reads a live stream's body into items as it arrives, for a `LiveItemsTap`: Server-Sent
/// Events (`EventStreamReader`), JSON Lines (`JSONLinesReader`).
protocol LiveItemReader {
    /// What a chunk brings: an item, or news the reader takes itself (a `retry:`).
    associatedtype Output
    associatedtype Item

    /// A reader at a stream's start.
    init()

    /// What `chunk` completes, in order, and why the stream can be read no further after it,
    /// if it cannot (what it completed before that still counts).
    mutating func feed(_ chunk: UnsafeRawBufferPointer) -> (outputs: [Output], failure: DecodeFailure?)

    /// What the body's end completes: a last record no line ending followed, where the
    /// format counts it (JSON Lines); an event stream drops it.
    mutating func end() -> (outputs: [Output], failure: DecodeFailure?)

    /// Whether the body so far stops in the middle of a record that its end drops (an event
    /// no blank line ended): the content says so.
    var isMidRecord: Bool { get }

    /// The item `output` brings, with its size as it came and what tells it from another
    /// (see `ContentFingerprint`); nil for news the reader takes itself.
    mutating func take(_ output: Output) -> (item: Item, size: Int, fingerprint: UInt64)?

    /// `items` as the stream sends them (events with their blank lines, a value a line): what
    /// the history keeps of a stream, which the stream's plugin reads again.
    static func records(_ items: [Item]) -> [UInt8]

    /// `items` as the stream's plugin's content: the items kept, how many went before them,
    /// and whether the stream ended in the middle of one, which was dropped.
    static func content(_ items: [Item], dropped: Int, endedMidRecord: Bool) -> AnyContent
}
