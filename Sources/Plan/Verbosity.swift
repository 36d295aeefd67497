/// How much loadrun says on stderr besides errors: `-q` drops the URL line, the progress and
/// the notes about content; `-v` adds each request and response; `-vv` shows credentials too.
package enum Verbosity: Int, Comparable, Sendable {
    case quiet, normal, verbose, unmasked

    /// From the count of `-v` flags and whether `-q` was given.
    package init(verbose: Int, quiet: Bool) {
        if quiet {
            self = .quiet
        } else {
            self = Verbosity(rawValue: min(1 + verbose, Verbosity.unmasked.rawValue)) ?? .normal
        }
    }

    package static func < (lhs: Verbosity, rhs: Verbosity) -> Bool { lhs.rawValue < rhs.rawValue }
}
