package import Loader

/// A request header from the sources file. Its value is written there, or named there and
/// read at run time from an environment variable (`env:API_TOKEN`) or a file
/// (`file:~/.config/loadrun/token`), so that secrets stay off the command line and, ideally,
/// out of the file too.
package struct HeaderSetting: Equatable {
    package enum Value: Equatable {
        case literal(String)
        case environment(String)
        case file(String)
    }

    package var name: String
    package var value: Value

    /// Parses one `Name=value` entry of a `headers` list; the error says what is wrong.
    package static func parse(_ entry: String) -> Result<HeaderSetting, SourcesFileError.Problem> {
        guard let equals = entry.firstIndex(of: "=") else {
            return .failure("\"\(entry)\" is not Name=value")
        }
        return make(name: entry[..<equals], value: entry[entry.index(after: equals)...])
    }

    /// A header from its name and its value as written: text, `env:VARIABLE` or `file:PATH`.
    package static func make(name: Substring, value: Substring) -> Result<HeaderSetting, SourcesFileError.Problem> {
        let name = name.trimmingCharacters(in: " \t")
        let raw = value.trimmingCharacters(in: " \t")
        guard isHeaderName(name) else {
            return .failure("\"\(name)\" is not a header name (letters, digits and !#$%&'*+-.^_`|~ only)")
        }
        if raw.hasPrefix("env:") {
            let variable = String(raw.dropFirst(4))
            guard !variable.isEmpty, variable.allSatisfy({ $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                return .failure("\(name)=\(raw): \"\(variable)\" is not an environment variable name")
            }
            return .success(HeaderSetting(name: name, value: .environment(variable)))
        }
        if raw.hasPrefix("file:") {
            let path = String(raw.dropFirst(5))
            guard !path.isEmpty else { return .failure("\(name)=file: names no file") }
            return .success(HeaderSetting(name: name, value: .file(path)))
        }
        guard !raw.contains(where: { $0.isNewline || $0 == "\0" }) else {
            return .failure("the value of \(name) spans lines")
        }
        return .success(HeaderSetting(name: name, value: .literal(raw)))
    }

    /// Whether the file itself holds a credential: a value written out for a header that
    /// carries one.
    package var isSecretInFile: Bool {
        guard case .literal = value else { return false }
        return Self.carriesCredential(name)
    }

    /// Whether the value is read when the source loads, from the environment or a file:
    /// what only a trusted sources file may ask for.
    package var readsFromOutside: Bool {
        switch value {
        case .literal: false
        case .environment, .file: true
        }
    }

    /// Whether a header by this name carries a credential, by its name: the standard ones and
    /// any whose name says token, secret, key, password, auth or session.
    package static func carriesCredential(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["authorization", "proxy-authorization", "cookie", "set-cookie"].contains(lowered)
            || ["token", "secret", "key", "password", "auth", "session"].contains { lowered.contains($0) }
    }

    /// The header to send, with its value read now. `directory` anchors a relative `file:`.
    package func resolved(environment: [String: String], directory: String,
                          read: (String, Int) -> Result<[UInt8], LocalFile.ReadError>) -> Result<RequestHeader, SourcesFileError.Problem> {
        switch value {
        case .literal(let text):
            return .success(RequestHeader(name: name, value: text))
        case .environment(let variable):
            guard let text = environment[variable], !text.isEmpty else {
                return .failure("\(name)=env:\(variable), but \(variable) is not set — export it, or name a file with file:")
            }
            guard !text.contains(where: { $0.isNewline || $0 == "\0" }) else {
                return .failure("\(name)=env:\(variable): the variable's value spans lines")
            }
            return .success(RequestHeader(name: name, value: text))
        case .file(let path):
            let fullPath = LocalPath.expand(path, relativeTo: directory, environment: environment)
            let data: [UInt8]
            switch read(fullPath, 64 * 1024) {
            case .success(let bytes): data = bytes
            case .failure(let error): return .failure("\(name)=file:\(path): cannot read \(fullPath): \(error)")
            }
            // A trailing newline is how editors end files, not part of the secret.
            var text = String(decoding: data, as: UTF8.self)
            while text.last?.isNewline == true { text.removeLast() }
            guard !text.isEmpty, !text.contains(where: { $0.isNewline || $0 == "\0" }) else {
                return .failure("\(name)=file:\(path): \(fullPath) must hold one line")
            }
            return .success(RequestHeader(name: name, value: text))
        }
    }

    /// Whether `name` is an HTTP field name: a token (RFC 9110 §5.1).
    package static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~".contains($0)) }
    }
}
