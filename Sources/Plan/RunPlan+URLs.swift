/// The URLs a run is given, from `--url` and `--url-file`, and the sources they make when no
/// `--source` takes them.
extension RunPlan {
    /// The `--url`s, then `--url-file`'s lines, each read as `URLInput` reads a URL; the first
    /// that is not one stops the run, named by the option or by the list's file and line.
    package func normalizedURLs(files: URLInput.Files) throws(UsageFailure) -> [String] {
        var result: [String] = []
        result.reserveCapacity(urls.count + (urlList?.entries.count ?? 0))
        var standardInput: String?
        func readsStandardInput(_ place: String) throws(UsageFailure) {
            if let first = standardInput {
                throw UsageFailure(message: "standard input can be read only once: \(first) and \(place) both read it")
            }
            standardInput = place
        }
        if urlList?.isStandardInput == true { standardInput = "--url-file -" }
        for text in urls {
            if text == "-" { try readsStandardInput("--url -") }
            switch URLInput.normalized(text, files: files) {
            case .success(let url): result.append(url)
            case .failure(let problem): throw UsageFailure(message: "--url: \(problem)")
            }
        }
        if let urlList {
            for entry in urlList.entries {
                let place = "\(urlList.displayName):\(entry.line)"
                // A line `-` is standard input, as `--url -` is.
                if entry.text == "-" { try readsStandardInput(place) }
                switch URLInput.normalized(entry.text, files: files) {
                case .success(let url): result.append(url)
                case .failure(let problem): throw UsageFailure(message: "\(place): \(problem)")
                }
            }
        }
        return result
    }

    /// Sources for URLs given alone, named after as much of their path as tells them apart
    /// (`posts-1` and `users-1` for `/posts/1` and `/users/1`); a name still repeated gets
    /// `-2`, `-3`… so that messages and ndjson lines tell them apart.
    package static func adHocDefinitions(for urls: [String]) -> [SourceDefinition] {
        var used: [String: Int] = [:]
        return SourceNaming.names(for: urls).enumerated().map { index, base in
            used[base, default: 0] += 1
            let count = used[base]!
            var definition = SourceDefinition(name: count == 1 ? base : "\(base)-\(count)", url: urls[index], origin: .builtIn)
            // Two pipes into `--url -` are two unrelated contents, not versions of one source:
            // standard input has a history only as a named source (`--source NAME --url -`).
            if urls[index] == "-" { definition.settings.recordsHistory = false }
            return definition
        }
    }
}
