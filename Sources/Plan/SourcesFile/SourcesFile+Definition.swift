import Loader

extension SourcesFile {
    /// The group's source, with each of its problems added to `problems`, in the order of
    /// their lines: when there is one, the definition is not to be used. `allowed` are the keys
    /// the group may set: a source's, or `[defaults]`'s. `shownOnly` reads only what `loadrun
    /// sources` shows of a group already checked (name, url, plugin, interval, user and netrc,
    /// detail and related, where it was defined), for its row: the rest stays unset.
    static func definition(named name: String, group: KeyFile.Group, in file: KeyFile, path: String,
                           plugins: [String], files: URLInput.Files, allowed: [String] = keys, shownOnly: Bool = false,
                           problems: inout [SourcesFileError]) -> SourceDefinition {
        let groupLine = file.line(ofGroup: group)
        var found: [SourcesFileError] = []
        // Said in the order of their lines, as a compiler lists its errors.
        defer { if !found.isEmpty { problems += found.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element) } }
        func fail(_ key: String?, _ problem: SourcesFileError.Problem) {
            found.append(SourcesFileError(path: path, line: key.flatMap { file.line(ofKey: $0, inGroup: group) } ?? groupLine,
                                          key: key, message: problem.text))
        }
        // Most groups set only keys they may: said without sorting a set of their keys.
        for key in shownOnly || file.keys(inGroup: group, allIn: allowed) ? [] : file.keys(inGroup: group) where !allowed.contains(key) {
            if let problem = SourceDefaults.misplaced(key, allowed: allowed) {
                fail(key, problem)
            } else {
                fail(key, "unknown key; \(Suggestion.didYouMean(key, among: allowed) ?? "\(allowed == keys ? "a source" : "[defaults]") may set \(allowed.joined(separator: ", "))")")
            }
        }
        // `expected` is made only for a value that fails: most of its texts are interpolated.
        func value<T>(_ key: String, _ parse: (String) -> T?, _ expected: @autoclosure () -> String) -> T? {
            guard let text = file.string(group, key) else { return nil }
            guard let parsed = parse(text.trimmedBlanks()) else {
                fail(key, "\"\(text)\" is not \(expected())")
                return nil
            }
            return parsed
        }
        var definition = SourceDefinition(name: name, origin: .file(path: path, line: groupLine))
        if let url = file.string(group, "url") {
            if url == "-" {
                fail("url", "standard input cannot be a source's url; give an http(s) URL or a file")
            } else {
                switch URLInput.normalized(url.trimmedBlanks(), files: files) {
                case .success(let normalized): definition.url = normalized
                case .failure(let problem): fail("url", "\(problem)")
                }
            }
        }
        if let plugin = file.string(group, "plugin") {
            if plugins.contains(plugin) {
                definition.plugin = plugin
            } else {
                fail("plugin", "\(Suggestion.unknown("plugin", plugin, among: plugins)); known: \(plugins.joined(separator: ", ")) (or leave it out to choose by Content-Type)")
            }
        }
        let duration = Self.durationExpected
        definition.interval = value("interval", DurationText.parse, duration)
        if let interval = definition.interval, let problem = WatchArgument.intervalProblem(interval) {
            fail("interval", "\"\(file.string(group, "interval") ?? "")\" is too short; \(problem)")
        }
        if let text = file.string(group, "user") {
            // Never quoted back: it may hold the password.
            if let user = UserCredential(text.trimmedBlanks()) {
                definition.credentials.user = user
                definition.userLine = file.line(ofKey: "user", inGroup: group)
            } else {
                fail("user", "is not USER:PASSWORD (or USER alone, with netrc= for the password)")
            }
        }
        if let text = file.string(group, "cookies") {
            // Never quoted back: a cookie is as good as a password.
            if let cookies = GivenCookie.list(text), !cookies.isEmpty {
                definition.cookies = cookies
            } else {
                fail("cookies", "is not NAME=VALUE, or several as a Cookie header has them: a=1; b=2")
            }
        }
        if let text = file.string(group, "netrc") {
            if let choice = NetrcChoice(fileValue: text.trimmedBlanks()) {
                definition.credentials.netrc = choice
                definition.netrcLine = file.line(ofKey: "netrc", inGroup: group)
            } else {
                fail("netrc", "is empty; give yes for ~/.netrc, no for none, or a netrc file's path")
            }
        }
        if let detail = file.string(group, "detail") {
            switch DetailTemplate.parse(detail) {
            case .success(let template): definition.detail = template
            case .failure(let problem): fail("detail", "\(problem)")
            }
        }
        for entry in file.list(group, "related") ?? [] {
            switch RelatedTemplate.parse(entry) {
            case .success(let related):
                // The view tells the links apart by name.
                if definition.related.contains(where: { $0.name == related.name }) {
                    fail("related", "\"\(related.name)\" is named twice; give each link a name of its own")
                } else {
                    definition.related.append(related)
                }
            case .failure(let problem): fail("related", "\(problem)")
            }
        }
        // What `loadrun sources` shows is read above: the rest is not, for a group already
        // checked. The order matters to no message: they are said in the order of their lines.
        if shownOnly { return definition }
        if let jq = file.string(group, "jq") {
            if definition.plugin != nil {
                fail("jq", "a source with jq= shows jq's results by loadrun's own views; give jq= or plugin=, not both")
            } else {
                definition.jq = jq
                definition.jqLine = file.line(ofKey: "jq", inGroup: group)
            }
        }
        definition.settings.retryDelay = value("retry-delay", { DurationArgument(argument: $0)?.duration }, duration)
        definition.settings.retryMaxTime = value("retry-max-time", { DurationArgument(argument: $0)?.duration }, duration)
        definition.settings.timeout = value("timeout", { DurationArgument(argument: $0)?.duration }, duration)
        definition.settings.connectTimeout = value("connect-timeout", { DurationArgument(argument: $0)?.duration }, duration)
        definition.settings.maxSize = value("max-size", { SizeArgument(argument: $0)?.bytes }, "a size such as 512K or 64M")
        definition.settings.retries = value("retry", { Int($0).flatMap { (0...Self.maxRetries).contains($0) ? $0 : nil } },
                                                "a number of retries after the first attempt, from 0 to \(Self.maxRetries)")
        definition.settings.pages = value("pages", { $0 == "all" ? SourceRequest.pageLimit : Int($0).flatMap { (1...SourceRequest.pageLimit).contains($0) ? $0 : nil } },
                                     "a number of pages from 1 to \(SourceRequest.pageLimit), or all")
        definition.settings.pageParameter = value("page-param", { $0.isEmpty ? nil : $0 }, "a query parameter name")
        definition.settings.perPage = value("per-page", { Int($0).flatMap { (1...Self.maxPerPage).contains($0) ? $0 : nil } },
                                                "a page size from 1 to \(Self.maxPerPage)")
        definition.settings.perPageParameter = value("per-page-param", { $0.isEmpty ? nil : $0 }, "a query parameter name")
        definition.settings.followsCrossHostLinks = value("follow-cross-host", { ["true": true, "false": false][$0] }, "true or false")
        definition.settings.insecure = value("insecure", { ["true": true, "false": false][$0] }, "true or false")
        definition.settings.recordsHistory = value("history", { ["yes": true, "no": false, "true": true, "false": false][$0] }, "yes or no")
        definition.settings.keep = value("keep", { Int($0).flatMap { (1...Self.maxKeep).contains($0) ? $0 : nil } },
                                         "a number of versions from 1 to \(Self.maxKeep)")
        // Relative to the sources file's directory, once the plan reads it, as a file: header is.
        definition.settings.caFile = value("cacert", { $0.isEmpty ? nil : $0 }, "the path of a PEM file of CA certificates")
        if definition.settings.caFile != nil { definition.caFileLine = file.line(ofKey: "cacert", inGroup: group) }
        if definition.settings.perPage != nil && definition.settings.pageParameter == nil {
            fail("per-page", "goes with page-param, such as page-param=page")
        }
        if definition.settings.perPageParameter != nil && definition.settings.perPage == nil {
            fail("per-page-param", "goes with per-page, such as per-page=20")
        }
        if let method = file.string(group, "method").map({ $0.trimmedBlanks() }) {
            if let problem = RequestSettings.methodProblem(method) { fail("method", "\(problem)") } else { definition.request.method = method }
        }
        // As typed, @FILE relative to this file's directory: read when the source loads.
        if let data = file.string(group, "data") {
            definition.request.data = [data]
            definition.dataLine = file.line(ofKey: "data", inGroup: group)
        }
        // Looked for only when set: finding a key's line scans the group's lines.
        guard let headers = file.list(group, "headers") else { return definition }
        definition.headersLine = file.line(ofKey: "headers", inGroup: group)
        for entry in headers {
            switch HeaderSetting.parse(entry) {
            case .success(let header): definition.headers.append(header)
            case .failure(let problem): fail("headers", problem)
            }
        }
        return definition
    }
}

extension SourcesFile {
    /// What a duration's value should be, said when it is not one.
    fileprivate static let durationExpected = "a duration such as \(DurationText.examples)"
}

extension String {
    /// The text without spaces and tabs at either end: what a sources file's value may be
    /// padded with. The text itself, not a copy, when neither end is blank, as almost every
    /// value of a file of thousands of sources is.
    fileprivate func trimmedBlanks() -> String {
        let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = utf8.first, let last = utf8.last, isBlank(first) || isBlank(last) else { return self }
        return String(trimmingBlanks())
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end: what a sources file's value may be
    /// padded with. Cheaper than `trimmingCharacters(in:)`, which builds a set each call, and
    /// it runs several times for each of a file's thousands of sources.
    fileprivate func trimmingBlanks() -> SubSequence {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = firstIndex { !isBlank($0) } ?? endIndex
        let end = self[start...].lastIndex { !isBlank($0) }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
