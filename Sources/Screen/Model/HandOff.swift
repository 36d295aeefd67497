/// Where `o` and `y` send a URL.
package enum HandOff: Equatable, Sendable {
    /// The user's browser (`$BROWSER`, or `xdg-open`).
    case open
    /// The clipboard, through the terminal (OSC 52).
    case copy
}
