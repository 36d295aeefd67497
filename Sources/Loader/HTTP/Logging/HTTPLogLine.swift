/// One line of what went over the wire, as libsoup's `SoupLogger` reports it: a request line
/// or header (`>`), a response status line or header (`<`), or a note of loadrun's own (`*`:
/// TLS, redirects). Header values are as sent, credentials included: masking is the front
/// end's to decide.
public struct HTTPLogLine: Sendable, Equatable {
    public enum Direction: Character, Sendable {
        case request = ">", response = "<", note = "*"
    }

    public var direction: Direction
    public var text: String

    public init(_ direction: Direction, _ text: String) {
        self.direction = direction
        self.text = text
    }
}
