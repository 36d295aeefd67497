/// Where a source's user and password come from: `-u`/`--user`, `--netrc` and `--netrc-file`
/// on the command line, `user=` and `netrc=` in the sources file. nil: not set here, so a
/// lower layer's setting holds, as in `LoadSettings`.
package struct CredentialSettings: Equatable {
    /// `USER:PASSWORD`, or `USER` alone for a netrc to give the password of.
    package var user: UserCredential?
    package var netrc: NetrcChoice?

    package init(user: UserCredential? = nil, netrc: NetrcChoice? = nil) {
        self.user = user
        self.netrc = netrc
    }

    /// `self` with what `top` sets laid over it, each setting on its own: `-u alice` on the
    /// command line over a file's `netrc=` still takes alice's password from that netrc.
    package func overlaid(with top: CredentialSettings) -> CredentialSettings {
        CredentialSettings(user: top.user ?? user, netrc: top.netrc ?? netrc)
    }

    /// Whether nothing is set.
    package var isEmpty: Bool { user == nil && netrc == nil }
}

/// `-u USER:PASSWORD` as curl splits it: at the first colon, so the password may hold more,
/// and may be empty (`alice:`); no colon is a user alone.
package struct UserCredential: Equatable, CustomStringConvertible {
    package var user: String
    package var password: String?

    package init(user: String, password: String?) {
        self.user = user
        self.password = password
    }

    /// `text` split at its first colon; nil for an empty user, or one with a line break or NUL
    /// that no header could carry.
    package init?(_ text: String) {
        guard !text.contains(where: { $0.isNewline || $0 == "\0" }) else { return nil }
        if let colon = text.firstIndex(of: ":") {
            user = String(text[..<colon])
            password = String(text[text.index(after: colon)...])
        } else {
            user = text
            password = nil
        }
        guard !user.isEmpty else { return nil }
    }

    /// The user, and `:***` for a password: as a listing or a message shows it.
    package var description: String { password == nil ? user : "\(user):***" }
}

/// Which netrc file gives passwords: `~/.netrc` (`--netrc`, `netrc=yes`), a file of its own
/// (`--netrc-file`, `netrc=FILE`), or none (`netrc=no`, over `[defaults]`).
package enum NetrcChoice: Equatable, CustomStringConvertible {
    case home
    case file(String)
    case none

    /// What a sources file's `netrc=` means: yes or true for `~/.netrc`, no or false for none,
    /// else a path.
    package init?(fileValue text: String) {
        switch text.lowercased() {
        case "": return nil
        case "yes", "true": self = .home
        case "no", "false": self = .none
        default: self = .file(text)
        }
    }

    package var description: String {
        switch self {
        case .home: "~/.netrc"
        case .file(let path): path
        case .none: "no"
        }
    }
}
