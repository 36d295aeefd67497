/// What to give instead of an option of curl's that loadrun does not have: said when one is
/// typed, in place of a guess at the nearest of loadrun's own.
package enum CurlEquivalents {
    /// The advice for curl's option `name` (`--data-binary`, `-G`), or nil when it is none of
    /// curl's that loadrun knows to answer.
    package static func advice(for name: String) -> String? {
        let key = name.hasPrefix("--") ? String(name.dropFirst(2)) : name
        return table[key]
    }

    private static let table: [String: String] = [
        "data-binary": "-d @FILE sends a file's bytes as they are, as curl's --data-binary does",
        "data-raw": "-d sends its text as it is (and @FILE a file's bytes)",
        "data-ascii": "-d sends its text as it is",
        "data-urlencode": "give -d the value percent-encoded, or put it in the URL's query",
        "get": "put the query in the URL: loadrun sends GET unless -d, --json or -X say otherwise",
        "-G": "put the query in the URL: loadrun sends GET unless -d, --json or -X say otherwise",
        "referer": "-H 'Referer: URL'",
        "-e": "-H 'Referer: URL'",
        "range": "-H 'Range: bytes=START-END'; -C - resumes a download",
        "-r": "-H 'Range: bytes=START-END'; -C - resumes a download",
        "max-time": "--timeout DURATION (e.g. 30s)",
        "-m": "--timeout DURATION (e.g. 30s)",
        "http2": "loadrun speaks HTTP/2 over TLS whenever the server offers it; --http1.1 turns it off",
        "http1.0": "loadrun speaks HTTP/1.1 or HTTP/2; --http1.1 keeps it to HTTP/1.1",
        "no-buffer": "a stream's items are printed as they come, unbuffered",
        "-N": "a stream's items are printed as they come, unbuffered",
        "show-error": "errors are always said; -s keeps only them",
        "-S": "errors are always said; -s keeps only them",
        "progress-bar": "the progress bar shows on a terminal by itself; -s hides it",
        "-#": "the progress bar shows on a terminal by itself; -s hides it",
        "remote-header-name": "-o FILE names the file, -O takes the URL's last segment",
        "-J": "-o FILE names the file, -O takes the URL's last segment",
        "dump-header": "-i prints the response's head before the content; -v shows it on stderr",
        "-D": "-i prints the response's head before the content; -v shows it on stderr",
        "oauth2-bearer": "-H 'Authorization: Bearer TOKEN' (or env:VARIABLE for the token)",
        "basic": "-u answers Basic and Digest by itself",
        "digest": "-u answers Basic and Digest by itself",
        "location-trusted": "a source's credentials go to its own origin only; give another its own with a source of its own",
        "parallel": "the URLs of a run load at once already (--max-connections, --max-per-host)",
        "-Z": "the URLs of a run load at once already (--max-connections, --max-per-host)",
        "limit-rate": "loadrun does not limit the transfer rate",
        "resolve": "give the address in the URL and the name with -H 'Host: NAME'",
        "connect-to": "give the address in the URL and the name with -H 'Host: NAME'",
        "cert": "loadrun sends no client certificate",
        "-E": "loadrun sends no client certificate",
        "key": "loadrun sends no client certificate",
        "trace-ascii": "--trace FILE writes -v's trace to a file",
        "remote-name-all": "-O saves every URL without an -o under its own name",
    ]
}
