/// A text body, decoded, and why it came to this view when nobody named one.
public struct TextDocument: Equatable, Sendable {
    public var mediaType: String?
    public var text: String
    public var choice: String?
}
