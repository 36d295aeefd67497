internal import CGLib
internal import CSoup

/// One part of a `multipart/form-data` body (`-F`, as curl's).
public struct FormPart: Sendable, Equatable {
    public var name: String
    /// The field's text, or a file's bytes with the name and type it is sent under.
    public enum Value: Sendable, Equatable {
        case text(String)
        case file(bytes: [UInt8], filename: String, type: String)
    }
    public var value: Value

    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}

extension RequestBody {
    /// The `multipart/form-data` body of `parts`, in order, laid out by libsoup's
    /// `SoupMultipart` (its boundary in the content type).
    public static func form(_ parts: [FormPart]) -> RequestBody {
        let multipart = soup_multipart_new("multipart/form-data")
        defer { soup_multipart_free(multipart) }
        for part in parts {
            switch part.value {
            case .text(let text):
                soup_multipart_append_form_string(multipart, part.name, text)
            case .file(let bytes, let filename, let type):
                let data = bytes.withUnsafeBufferPointer { g_bytes_new($0.baseAddress, gsize($0.count)) }
                soup_multipart_append_form_file(multipart, part.name, filename, type, data)
                g_bytes_unref(data)
            }
        }
        let headers = soup_message_headers_new(SOUP_MESSAGE_HEADERS_REQUEST)
        defer { soup_message_headers_unref(headers) }
        var body: OpaquePointer?
        soup_multipart_to_message(multipart, headers, &body)
        var bytes: [UInt8] = []
        if let body {
            var size: gsize = 0
            if let data = g_bytes_get_data(body, &size) {
                bytes = Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
            }
            g_bytes_unref(body)
        }
        let type = soup_message_headers_get_one(headers, "Content-Type").map { String(cString: $0) } ?? "multipart/form-data"
        return RequestBody(bytes: bytes, contentType: type)
    }
}
