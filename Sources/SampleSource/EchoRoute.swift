/// `/echo`: the request as the server received it, as JSON, so that `-X`, `-d`, `--json` and
/// `-H` can be tried against `loadrun serve` with no other server, and tested against the
/// sample server: `{"method": …, "headers": {…}, "body": …}`.
enum EchoRoute {
    /// The JSON for a request of `method`, `headers` and `body` (as UTF-8 text, invalid bytes
    /// replaced).
    static func json(method: String, headers: [(name: String, value: String)], body: [UInt8]) -> String {
        let members = headers.map { "    \(quoted($0.name)): \(quoted($0.value))" }.joined(separator: ",\n")
        return """
            {
              "method": \(quoted(method)),
              "headers": {
            \(members)
              },
              "body": \(quoted(String(decoding: body, as: UTF8.self)))
            }

            """
    }

    /// `text` as a JSON string.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension SampleServer {
    /// Adds `/echo`, which answers any method with the request it received.
    public func serveEcho() {
        route("/echo") { exchange in
            let json = EchoRoute.json(method: exchange.method, headers: exchange.requestHeaders, body: exchange.requestBody)
            exchange.respond(status: 200, contentType: "application/json; charset=utf-8", body: Array(json.utf8))
        }
    }
}
