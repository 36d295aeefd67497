/// When loadrun draws colour and other styling (bold, dim, jq's colours for JSON, colour in
/// images): `--color=auto|always|never`, as git, jq and ls take it. Every styling decision of a
/// run comes from here, through `RenderContext.allowsStyling` and `refusesColor`.
public enum ColorChoice: String, CaseIterable, Sendable {
    /// On a terminal, unless `NO_COLOR` is set (and not empty, as no-color.org reads it) or
    /// `TERM` is `dumb`.
    case auto
    /// Even on a pipe or into a file, as `less -R` and `jq -C` want it.
    case always
    /// Never, not even on a terminal.
    case never

    /// Whether output may carry styling escapes, for output that goes to a terminal or not.
    public func allowsStyling(onTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: onTerminal && !refusesColor(environment: environment) && environment["TERM"] != "dumb"
        }
    }

    /// Whether colour is refused wherever output goes: `never`, or `auto` with `NO_COLOR` set.
    /// An image drawn on a pipe because its format was forced asks this.
    public func refusesColor(environment: [String: String]) -> Bool {
        switch self {
        case .always: false
        case .never: true
        case .auto: !(environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}
