/// `/echo`: the request as the server received it, as JSON, so that `-X`, `-d`, `--json` and
/// `-H` can be tried against `loadrun serve` with no other server, and tested against the
/// sample server: `{"method": …, "headers": {…}, "body": …}`.
enum EchoRoute {
    /// The JSON for a request of `method`, `headers` and `body` (as UTF-8 text, invalid bytes
    /// replaced).
    static func json(method: String, headers: [(name: String, value: String)], body: [UInt8]) -> String {
        let members = headers.map { "    \(SamplePost.quoted($0.name)): \(SamplePost.quoted($0.value))" }.joined(separator: ",\n")
        return """
            {
              "method": \(SamplePost.quoted(method)),
              "headers": {
            \(members)
              },
              "body": \(SamplePost.quoted(String(decoding: body, as: UTF8.self)))
            }

            """
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
