import ArgumentParser
import Plan

/// The options curl users reach for first that are about what crosses the wire beside the
/// request itself: cookies. A group of their own, so that `--help cookies` can show them.
struct CookieOptions: ParsableArguments {
    @Option(name: [.customShort("b"), .customLong("cookie")], help: ArgumentHelp("Send cookies, as curl's -b: NAME=VALUE (or several as a Cookie header has them, 'a=1; b=2') to each source's own host, or read curl's cookie file FILE (the Netscape format, as -c writes it). Repeat it for several. Cookies the servers set are kept for the whole run either way: across redirects, pages, details and a watch's reloads, by the cookie rules (domain, path, Secure, expiry), never to another site.", valueName: "data|file"),
            completion: .file())
    var cookie: [String] = []

    @Option(name: [.customShort("c"), .customLong("cookie-jar")], help: ArgumentHelp("Write every cookie the run holds to this file when it ends, in curl's format (curl -b FILE reads it back), made readable by you alone and replaced whole. -c was jq's compact output here once: that is --compact-output.", valueName: "file"),
            completion: .file())
    var cookieJar: String?

    /// The plan's cookie settings.
    var settings: CookieSettings {
        get throws(UsageFailure) { try CookieSettings(cookie: cookie, jar: cookieJar) }
    }
}

/// Downloads, as curl's: the body saved to a file instead of shown.
struct DownloadOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output-file")], help: ArgumentHelp("Save the body to FILE instead of showing it, as curl's -o: written to FILE.part as it comes and renamed to FILE once whole, so that a failed or cancelled download leaves no half file under FILE's name (the part is kept, to resume with -C -). Repeat it for several URLs, in order. A progress bar shows on a terminal.", valueName: "file"),
            completion: .file())
    var outputFile: [String] = []

    @Flag(name: [.customShort("O"), .customLong("remote-name")], help: "Save each URL without an -o under its own name, the last segment of its path, as curl's -O; a URL whose path names no file (it ends in /) is refused.")
    var remoteName = false

    @Option(name: .customLong("output-dir"), help: ArgumentHelp("Save -o's and -O's relative names in this directory.", valueName: "dir"),
            completion: .directory)
    var outputDir: String?

    @Flag(name: .customLong("create-dirs"), help: "Make the directories an -o name needs, as curl's --create-dirs.")
    var createDirs = false

    @Option(name: [.customShort("C"), .customLong("continue-at")], help: ArgumentHelp("With -: resume a download from the bytes a cut one left (FILE.part, or FILE as curl leaves it), asking for the rest with Range; a server that ignores it sends the whole file anew, and that is said.", valueName: "-"))
    var continueAt: String?

    @Flag(name: .customLong("no-clobber"), help: "Never replace an existing file: save as FILE.1, FILE.2… instead, as curl's --no-clobber.")
    var noClobber = false

    /// The plan's download settings.
    var settings: DownloadSettings {
        get throws(UsageFailure) {
            var settings = DownloadSettings()
            settings.files = outputFile
            settings.remoteNames = remoteName
            settings.directory = outputDir
            settings.createsDirectories = createDirs
            settings.keepsExisting = noClobber
            if let continueAt {
                guard continueAt == "-" else {
                    throw UsageFailure(message: "-C \(continueAt): give -C - to resume from what a cut download left; an offset of your own goes as -H 'Range: bytes=N-'")
                }
                settings.resumes = true
            }
            if !settings.isEnabled, createDirs || outputDir != nil || continueAt != nil || noClobber {
                throw UsageFailure(message: "--output-dir, --create-dirs, -C and --no-clobber go with -o FILE or -O")
            }
            return settings
        }
    }
}

/// Uploads, as curl's: a form, or a file sent whole.
struct UploadOptions: ParsableArguments {
    @Option(name: [.customShort("F"), .customLong("form")], help: ArgumentHelp("Send a multipart/form-data body, as curl's -F: name=value for a field, name=@FILE for a file (name=@FILE;type=image/png;filename=a.png to say its type and name), name=<FILE for a file's text as a field. Repeat it for each part, in order. Without -X, the method is POST.", valueName: "name=content"))
    var form: [String] = []

    @Option(name: [.customShort("T"), .customLong("upload-file")], help: ArgumentHelp("Send this file as the body, streamed from disk, as curl's -T: a PUT unless -X gives another method.", valueName: "file"),
            completion: .file())
    var uploadFile: String?

    /// What the plan's request settings take of these, beside -d and --json; or why they do not go together.
    func check(data: [String], json: [String]) throws(UsageFailure) {
        let given = [(!form.isEmpty, "-F"), (uploadFile != nil, "-T"), (!data.isEmpty, "-d"), (!json.isEmpty, "--json")].filter(\.0).map(\.1)
        if given.count > 1 {
            throw UsageFailure(message: "\(given.joined(separator: " and ")) each give the whole body; give one of them")
        }
    }
}
