package import Loader
package import Plugins

/// What the command line asks of every source it loads, on top of (and over) the sources
/// file's settings.
package struct SourceSettings {
    package var plugin: String?
    /// `--jq`: every source's JSON through this jq program, over the sources file's `jq=`.
    package var jq: String?
    /// `--arg` and `--argjson`: the `$NAME`s of every jq program of the run (`--jq`, `jq=`).
    package var jqArguments = JQArguments()
    package var noRetry = false
    /// What the options set; unset ones leave the file's settings, then the defaults.
    package var load = LoadSettings()
    /// `-H` and `-A`: over each source's own headers, to its own origin only.
    package var headers = HeaderArguments()
    /// `-b NAME=VALUE`: cookies for every source's own host, over the sources file's `cookies=`.
    package var cookies: [GivenCookie] = []
    /// `-u`, `--netrc` and `--netrc-file`: every source's user and password, over the file's.
    package var credentials = CredentialSettings()
    /// `--detail`: every source's detail template, over the sources file's.
    package var detail: DetailTemplate?
    /// `-X`, `-d` and `--json`: every source's method and body, over the sources file's.
    package var request = RequestSettings()
    /// `--retry-all-errors`: retry every failure, and a request that is not idempotent (a
    /// POST) too, which is otherwise sent once.
    package var retriesEveryError = false
    /// `--retry-connrefused`: retry a refused connection, which is otherwise said at once.
    package var retriesRefusedConnections = false

    package init(plugin: String? = nil, jq: String? = nil, noRetry: Bool = false, load: LoadSettings = LoadSettings(),
                 headers: HeaderArguments = HeaderArguments(), detail: DetailTemplate? = nil,
                request: RequestSettings = RequestSettings(), retriesEveryError: Bool = false, retriesRefusedConnections: Bool = false,
                jqArguments: JQArguments = JQArguments()) {
        self.jqArguments = jqArguments
        self.request = request
        self.retriesEveryError = retriesEveryError
        self.retriesRefusedConnections = retriesRefusedConnections
        self.plugin = plugin
        self.jq = jq
        self.noRetry = noRetry
        self.load = load
        self.headers = headers
        self.detail = detail
    }
}
