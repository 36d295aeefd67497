import ArgumentParser
import Loader
import LoadrunCLI
import Plan

/// The main command's options turned into a run: the settings each layer of the plan takes,
/// then the invocation that loads and shows them.
extension Loadrun {
    mutating func validate() {
        if let urlBatch {
            url += URLBatch.urls(in: urlBatch)
            self.urlBatch = nil
        }
    }

    func run(in context: RunContext) throws -> RunOutcome {
        try check(in: context)
        try curl.check()
        let jqArguments = try JQArgumentOptions.arguments(strings: arg, json: argjson)
        let load = LoadSettings {
            $0.timeout = timeout?.duration
            $0.connectTimeout = connectTimeout?.duration
            $0.maxSize = maxSize?.bytes
            $0.maxRedirects = curl.maxRedirs
            $0.retries = retry
            $0.retryDelay = retryDelay?.duration
            $0.retryMaxTime = retryMaxTime?.duration
            $0.pages = allPages ? SourceRequest.pageLimit : pages
            $0.pageParameter = pageParam
            $0.perPage = perPage
            $0.perPageParameter = perPageParam
            // A flag cannot say "off" over the file's "on": only given, it counts.
            $0.followsCrossHostLinks = followCrossHost ? true : nil
            $0.caFile = cacert
            $0.insecure = insecure ? true : nil
            $0.recordsHistory = noHistory ? false : nil
            $0.keep = keep
        }
        var settings = SourceSettings(plugin: plugin, jq: jq, noRetry: noRetry, load: load,
                                      headers: try HeaderArguments(header, userAgent: userAgent),
                                      detail: try detail.map { try DetailTemplate.parse($0).get() },
                                      request: try requestSettings,
                                      retriesEveryError: retryAllErrors, retriesRefusedConnections: retryConnrefused, jqArguments: jqArguments)
        settings.credentials = try credentials
        let cookieSettings = try cookies.settings
        settings.cookies = cookieSettings.given
        var invocation = LoadInvocation(
            plan: RunPlan(sourceNames: source, urls: url, operands: operands, all: all, shard: shard?.shard,
                          settings: settings),
            urlFile: urlFile, configPath: config, output: output, schedule: watch.map { .interval($0.interval) } ?? .once,
            browse: BrowseSettings(isEnabled: browse, prefetches: !noPrefetch, usesMouse: !noMouse),
            view: ViewOptions(imageFormat: imageFormat?.format, imageSize: size?.cells, maxItems: maxItems, sortsKeys: sortKeys,
                              compactsJSON: compactOutput, color: color,
                              head: head ? .alone : include ? .beforeContent : .omitted),
            maxConnections: maxConnections, maxPerHost: maxPerHost, usesCache: !noCache && !include && !head, forcesHTTP1: http1,
            verbosity: Verbosity(verbose: verbose, quiet: quiet), traceFile: trace,
            scripting: ScriptingSettings(wait: try WaitSettings.make(until: until, untilChange: untilChange, untilOK: untilOK,
                                                                     timeout: untilTimeout?.duration, arguments: jqArguments),
                                         onChange: onChange))
        invocation.showsUnseen = unseen
        invocation.showsUnread = unread
        invocation.cookies = cookieSettings
        invocation.downloads = try downloads.settings
        invocation.proxy = try curl.proxyURL
        invocation.view.writeOut = try curl.writeOut.map { format throws(UsageFailure) in try WriteOut(format) }
        // --color always asks for what a terminal gets, on a pipe too (`| less -R`).
        invocation.view.writesDataOnPipe = outputFormat != .text && color != .always
        invocation.plan.wordAfterColor = wordAfterColor
        return invocation.run(in: context)
    }

    /// `-X`, `-d`, `--json`, `-F`, `-T` and `-I` as the plan takes them.
    var requestSettings: RequestSettings {
        get throws(UsageFailure) {
            try uploads.check(data: data, json: json)
            var request = RequestSettings(method: head ? "HEAD" : method, data: data, json: json)
            request.form = uploads.form
            request.upload = uploads.uploadFile
            return request
        }
    }

    /// `-u`, `--netrc` and `--netrc-file` as the plan takes them. loadrun does not prompt for
    /// a password, as curl does for `-u USER`: a watch, a pipe or the full-screen view has no
    /// place to ask, so the plan says how to give one.
    var credentials: CredentialSettings {
        get throws(UsageFailure) {
            var settings = CredentialSettings()
            if let user {
                guard let parsed = UserCredential(user) else {
                    throw UsageFailure(message: "-u: give USER:PASSWORD (the password may be empty: USER:), or USER with --netrc for its password")
                }
                settings.user = parsed
            }
            if netrc && netrcFile != nil { throw UsageFailure(message: "give --netrc or --netrc-file FILE, not both") }
            if netrc { settings.netrc = .home }
            if let netrcFile {
                guard !netrcFile.isEmpty else { throw UsageFailure(message: "--netrc-file needs a file's path") }
                settings.netrc = .file(netrcFile)
            }
            return settings
        }
    }
}
