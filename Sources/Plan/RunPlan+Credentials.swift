import Loader

/// A source's user and password, as the command line, its group and `[defaults]` give them,
/// with any netrc read now, before any request.
extension RunPlan {
    /// The netrc files read so far in this plan, by full path: each is read once, however
    /// many sources take passwords from it.
    package typealias NetrcFiles = [String: Netrc]

    /// The largest netrc read: a password file is small, and a huge one is a mistake.
    package static let netrcLimit = 1 << 20

    /// The credentials for `own` at `url`, each setting from the highest layer that gives it
    /// (the command line, the source's group, `[defaults]`); nil when none are given, or a
    /// netrc alone has no entry for the URL's host (as curl goes on without). Only http(s)
    /// URLs, and the embedded sample source, take credentials.
    func credentials(for own: SourceDefinition, defaults: SourceDefaults?, url: String?, environment: [String: String],
                     files: URLInput.Files, netrcs: inout NetrcFiles) throws(UsageFailure) -> HTTPCredentials? {
        // Most sources name no credentials anywhere: no layers, and no places for messages,
        // to build for them.
        if own.credentials.isEmpty, settings.credentials.isEmpty, defaults?.settings.credentials.isEmpty ?? true { return nil }
        // Where each setting came from, for messages: the option, or the file's line.
        func fromFile(_ definition: SourceDefinition?, _ key: String, line: Int?) -> (String, String)? {
            guard let definition else { return nil }
            return ("\(definition.origin.prefix(line: line))\(key)", definition.origin.path.map(LocalPath.directory) ?? ".")
        }
        // A password in [defaults] is for the file's own sources: a URL typed on the command
        // line (or a built-in) would otherwise carry it to whatever host it names.
        var fileDefaults = defaults?.settings.credentials ?? CredentialSettings()
        if own.origin == .builtIn, fileDefaults.user?.password != nil { fileDefaults.user = nil }
        let layers: [(CredentialSettings, user: (String, String)?, netrc: (String, String)?)] = [
            (fileDefaults,
             fromFile(defaults?.settings, "user", line: defaults?.settings.userLine),
             fromFile(defaults?.settings, "netrc", line: defaults?.settings.netrcLine)),
            (own.credentials, fromFile(own, "user", line: own.userLine), fromFile(own, "netrc", line: own.netrcLine)),
            (settings.credentials, ("-u", "."), (settings.credentials.netrc == .home ? "--netrc" : "--netrc-file", ".")),
        ]
        var user: (UserCredential, place: String)?
        var netrc: (NetrcChoice, place: String, directory: String, definition: SourceDefinition?)?
        for (index, layer) in layers.enumerated() {
            let definition = index == 0 ? defaults?.settings : index == 1 ? own : nil
            if let given = layer.0.user, let place = layer.user { user = (given, place.0) }
            if let given = layer.0.netrc, let place = layer.netrc { netrc = (given, place.0, place.1, definition) }
        }
        if let user, let password = user.0.password { return HTTPCredentials(user: user.0.user, password: password) }
        guard let netrc, netrc.0 != .none else {
            guard let user else { return nil }
            throw UsageFailure(message: "\(user.place) \(user.0.user): no password; write \(user.0.user):PASSWORD, or use --netrc or --netrc-file FILE for its password")
        }
        // A netrc named by a sources file others can write could send the user's passwords
        // to a server of theirs: read only from the user's own file, as file: values are.
        if let path = netrc.definition?.origin.path, let problem = files.trustProblem(path) {
            throw UsageFailure(message: "\(netrc.place): a netrc is read only from a sources file that is yours and that no one else "
                + "can write, and \(problem); run chmod go-w \(path), or give --netrc-file")
        }
        let path: String
        switch netrc.0 {
        case .home:
            guard let home = environment["HOME"], !home.isEmpty else {
                throw UsageFailure(message: "\(netrc.place) reads ~/.netrc, and HOME is not set; give --netrc-file FILE")
            }
            path = home + "/.netrc"
        case .file(let given):
            // The command line's as typed: it is read from where the command runs.
            path = netrc.definition == nil && !given.hasPrefix("~/") ? given
                : LocalPath.expand(given, relativeTo: netrc.directory, environment: environment)
        case .none: return nil
        }
        let parsed = try Self.netrc(at: path, place: netrc.place, isHome: netrc.0 == .home, files: files, netrcs: &netrcs)
        let host: String
        if let url {
            guard URLParts.isWeb(url), let parsed = URLParts(url)?.host else { return nil }
            host = parsed
        } else {
            // The embedded sample source listens on loopback.
            host = "127.0.0.1"
        }
        if let entry = parsed.entry(forHost: host, login: user?.0.user), entry.login != nil || entry.password != nil {
            // As curl reads an entry with a login and no password (an empty one), or a
            // password and no login (an empty user: it sends `:PW`).
            return HTTPCredentials(user: entry.login ?? "", password: entry.password ?? "")
        }
        guard let user else { return nil }
        throw UsageFailure(message: "\(user.place) \(user.0.user): no password for it at \(host) in \(path); write \(user.0.user):PASSWORD, or add "
            + "'machine \(host) login \(user.0.user) password PW' to \(path)")
    }

    /// The netrc at `path`, read and parsed once per plan.
    private static func netrc(at path: String, place: String, isHome: Bool, files: URLInput.Files,
                              netrcs: inout NetrcFiles) throws(UsageFailure) -> Netrc {
        if let known = netrcs[path] { return known }
        let bytes: [UInt8]
        switch files.readPrivate(path, netrcLimit) {
        case .success(let read): bytes = read
        case .failure(.unreadable(.missing)) where isHome:
            throw UsageFailure(message: "\(place) reads ~/.netrc, and there is no \(path); create it (chmod 600), or give --netrc-file FILE")
        case .failure(.unreadable(.missing)):
            throw UsageFailure(message: "\(place) \(path): no such file")
        case .failure(.unreadable(let error)):
            throw UsageFailure(message: "\(place) \(path): cannot read it: \(error)")
        case .failure(.exposed(let why, let target)):
            // A link's mode is its target's: that is the file to chmod.
            let named = target == path ? path : "\(target) (where \(path) leads)"
            throw UsageFailure(message: "\(place) \(path): it holds passwords, and \(why); run chmod 600 \(named)")
        case .failure(.notOwned(let uid)):
            throw UsageFailure(message: "\(place) \(path): it holds passwords, and it is owned by another user (uid \(uid)); "
                + "use a netrc of your own (--netrc-file FILE)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UsageFailure(message: "\(place) \(path): it is not UTF-8 text")
        }
        switch Netrc.parse(text) {
        case .success(let parsed):
            netrcs[path] = parsed
            return parsed
        case .failure(let problem):
            throw UsageFailure(message: "\(place) \(path):\(problem.line): \(problem.message)")
        }
    }
}
