package import Loader

/// The command line's request headers, as curl reads `-H`:
/// - `Name: value` sends the header (the value may be `env:VARIABLE` or `file:PATH`, as in
///   the sources file);
/// - `Name:` sends nothing by that name, not even what loadrun would send itself;
/// - `Name;` sends the header with an empty value.
package struct HeaderArguments: Equatable {
    /// Headers to send, in the order given.
    package var headers: [HeaderSetting] = []
    /// Names of headers not to send.
    package var omitted: [String] = []

    package init() {}

    /// Parses each `-H` value, then `-A`'s user agent; the error names the header at fault.
    package init(_ arguments: [String], userAgent: String? = nil) throws(UsageFailure) {
        for argument in arguments { try add(argument) }
        if let userAgent {
            guard !userAgent.contains(where: { $0.isNewline || $0 == "\0" }) else {
                throw UsageFailure(message: "--user-agent: the value spans lines")
            }
            send(HeaderSetting(name: "User-Agent", value: .literal(userAgent)))
        }
    }

    private mutating func add(_ argument: String) throws(UsageFailure) {
        guard let colon = argument.firstIndex(where: { $0 == ":" || $0 == ";" }) else {
            throw UsageFailure(message: "-H \"\(argument)\" is not a header; write it as 'Name: value', or 'Name:' to send none")
        }
        let name = argument[..<colon].trimmingCharacters(in: " \t")
        let value = argument[argument.index(after: colon)...]
        guard HeaderSetting.isHeaderName(name) else {
            throw UsageFailure(message: "-H \"\(argument)\": \"\(name)\" is not a header name (letters, digits and !#$%&'*+-.^_`|~ only)")
        }
        if argument[colon] == ";" {
            guard value.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                throw UsageFailure(message: "-H \"\(argument)\": write 'Name: value', or 'Name;' alone for an empty value")
            }
            return send(HeaderSetting(name: name, value: .literal("")))
        }
        if value.allSatisfy({ $0 == " " || $0 == "\t" }) {
            // The last word on a name wins, as in curl: this removal undoes an earlier value.
            headers.removeAll { $0.name.lowercased() == name.lowercased() }
            return omitted.append(name)
        }
        switch HeaderSetting.make(name: Substring(name), value: value) {
        case .success(let header): send(header)
        case .failure(let problem): throw UsageFailure(message: "-H \"\(argument)\": \(problem.text)")
        }
    }

    /// Sends `header`, undoing an earlier removal of its name.
    private mutating func send(_ header: HeaderSetting) {
        omitted.removeAll { $0.lowercased() == header.name.lowercased() }
        headers.append(header)
    }

    /// `fileHeaders` (a source's own) with these over them: a header given here replaces the
    /// file's of the same name, and an omitted one removes it.
    package func applied(to fileHeaders: [RequestHeader], resolve: (HeaderSetting) throws(UsageFailure) -> RequestHeader) throws(UsageFailure) -> [RequestHeader] {
        var result = fileHeaders
        for header in headers {
            let resolved = try resolve(header)
            result.removeAll { $0.name.lowercased() == resolved.name.lowercased() }
            result.append(resolved)
        }
        let omittedNames = Set(omitted.map { $0.lowercased() })
        result.removeAll { omittedNames.contains($0.name.lowercased()) }
        return result
    }
}
