#if canImport(Glibc)
import Glibc
#endif
package import Loader

/// What a source's request sends beyond a GET, as curl reads it: `-X METHOD`, `-d`/`--data`
/// and `--json` on the command line, `method=` and `data=` in the sources file.
///
/// - A body without a method is a POST, as curl's `-d` is.
/// - `-d` sends `application/x-www-form-urlencoded`, and several are joined with `&`; `--json`
///   sends `application/json` and asks for it with `Accept: application/json` (curl 7.82+), and
///   several are joined as they are. `@FILE` sends the file's bytes as they are (curl's
///   `--data-binary`: `-d @FILE` in curl would drop its newlines), `@-` standard input's.
/// - A `Content-Type` or `Accept` given with `-H` or `headers=` is sent instead.
package struct RequestSettings: Equatable {
    /// `-X` or `method=`: nil for the one the body implies.
    package var method: String?
    /// Each `-d` or `data=` as typed: text, `@FILE`, or `@-`.
    package var data: [String] = []
    /// Each `--json` as typed.
    package var json: [String] = []
    /// Each `-F` as typed: `name=value`, `name=@FILE;type=…;filename=…`, `name=<FILE`.
    package var form: [String] = []
    /// `-T FILE`: the file sent as the body, streamed from disk; a PUT unless `-X` says.
    package var upload: String?

    package init(method: String? = nil, data: [String] = [], json: [String] = []) {
        self.method = method
        self.data = data
        self.json = json
    }

    /// Whether a body is given.
    package var hasBody: Bool { !data.isEmpty || !json.isEmpty || !form.isEmpty || upload != nil }

    /// The option that gives the body, for messages about it.
    package var option: String { !form.isEmpty ? "-F" : !json.isEmpty ? "--json" : "-d" }

    /// Whether a body reads standard input (`@-`).
    package var readsStandardInput: Bool { (data + json).contains(Self.standardInput) }

    static let standardInput = "@-"
    /// The largest body read from a file or standard input.
    package static let bodyLimit = 64 << 20

    /// The methods RFC 9110 (9.2.2) calls idempotent: sending one twice does what sending it
    /// once does, so a failed one may be retried. A method spelt otherwise (`post`, `PATCH`, an
    /// extension) is not.
    package static let idempotentMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"]

    /// Why `method` cannot be a request's method, or nil: it must be an HTTP token.
    package static func methodProblem(_ method: String) -> String? {
        let token = method.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0)) }
        guard !method.isEmpty && token else { return "\"\(method)\" is not a method; give one such as GET, POST, PUT, PATCH or DELETE" }
        // CONNECT asks for a tunnel, not a document: libsoup sends nothing for it, and the
        // load would only time out.
        if method.uppercased() == "CONNECT" { return "CONNECT opens a tunnel through a proxy, which loadrun does not load through; give GET, POST, PUT, PATCH or DELETE" }
        return nil
    }

    /// The method to send: the one given, else POST with a body, GET without.
    package func method(withBody: Bool) -> String { method ?? (upload != nil ? "PUT" : withBody ? "POST" : "GET") }

    /// The body, read now: `@FILE` through `files`, relative to `directory`, and `@-` from
    /// standard input. `place` names the option or the file's line in a message. nil without one.
    package func body(files: URLInput.Files, directory: String, place: String) throws(UsageFailure) -> RequestBody? {
        func read(_ value: String) throws(UsageFailure) -> [UInt8] {
            guard value.hasPrefix("@") else { return Array(value.utf8) }
            let path = String(value.dropFirst())
            let result = value == Self.standardInput ? files.readStandardInput(Self.bodyLimit)
                : files.read(LocalPath.expand(path, relativeTo: directory, environment: files.environment), Self.bodyLimit)
            switch result {
            case .success(let bytes): return bytes
            case .failure(.missing): throw UsageFailure(message: "\(place) \(value): no such file; give @FILE, @- for standard input, or the text itself")
            case .failure(let error): throw UsageFailure(message: "\(place) \(value): cannot read it: \(error)")
            }
        }
        if let upload {
            var info = stat()
            guard stat(upload, &info) == 0 else { throw UsageFailure(message: "-T \(upload): no such file; give the file to send") }
            guard info.st_mode & S_IFMT == S_IFREG else { throw UsageFailure(message: "-T \(upload): not a regular file; give a file to send (standard input goes as -d @-)") }
            return RequestBody(file: upload, size: Int(info.st_size))
        }
        if !form.isEmpty {
            var parts: [FormPart] = []
            for value in form { parts.append(try Self.formPart(value, read: { path throws(UsageFailure) in try read("@" + path) })) }
            return RequestBody.form(parts)
        }
        if !json.isEmpty {
            var bytes: [UInt8] = []
            for value in json { bytes += try read(value) }
            return RequestBody(bytes: bytes, contentType: "application/json")
        }
        guard !data.isEmpty else { return nil }
        var parts: [[UInt8]] = []
        for value in data { parts.append(try read(value)) }
        return RequestBody(bytes: Array(parts.joined(separator: Array("&".utf8))), contentType: "application/x-www-form-urlencoded")
    }

    /// One `-F` as curl reads it: `name=value` a field, `name=@FILE` a file sent as a file
    /// (`;type=` and `;filename=` after it say its type and name), `name=<FILE` a file's text
    /// as a field.
    static func formPart(_ typed: String, read: (String) throws(UsageFailure) -> [UInt8]) throws(UsageFailure) -> FormPart {
        guard let equals = typed.firstIndex(of: "="), equals != typed.startIndex else {
            throw UsageFailure(message: "-F \(typed): give name=value, name=@FILE (a file) or name=<FILE (a file's text)")
        }
        let name = String(typed[..<equals])
        let value = typed[typed.index(after: equals)...]
        if value.hasPrefix("<") {
            return FormPart(name: name, value: .text(String(decoding: try read(String(value.dropFirst())), as: UTF8.self)))
        }
        guard value.hasPrefix("@") else { return FormPart(name: name, value: .text(String(value))) }
        var pieces = value.dropFirst().split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let path = pieces.removeFirst()
        var type = "application/octet-stream"
        var filename = String(path.split(separator: "/").last ?? Substring(path))
        for piece in pieces {
            if piece.hasPrefix("type=") { type = String(piece.dropFirst(5)) }
            else if piece.hasPrefix("filename=") { filename = String(piece.dropFirst(9)) }
            else { throw UsageFailure(message: "-F \(typed): after @FILE give ;type=MEDIA/TYPE or ;filename=NAME") }
        }
        return FormPart(name: name, value: .file(bytes: try read(path), filename: filename, type: type))
    }

    /// Whether the body is read when the source loads, from a file or standard input (`@FILE`,
    /// `@-`): what only a trusted sources file may ask for, as a header's `env:` and `file:`.
    package var readsFromOutside: Bool { (data + json).contains { $0.hasPrefix("@") } }

    /// The `Accept` the body asks for: JSON's for `--json`.
    package var accept: String? { json.isEmpty ? nil : "application/json" }
}
