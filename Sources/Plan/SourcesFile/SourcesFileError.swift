/// What is wrong in a sources file, and where: `sources.conf:12: interval: "soon" is not a
/// duration such as 500ms, 30s, 1m30s or 1h`.
package struct SourcesFileError: Error, CustomStringConvertible {
    /// A problem's text, before the place is known.
    package struct Problem: Error, ExpressibleByStringInterpolation {
        package var text: String
        package init(stringLiteral text: String) { self.text = text }
        package init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
        package init(_ text: String) { self.text = text }
    }

    package var path: String
    package var line: Int?
    package var key: String?
    package var message: String

    package var description: String {
        var text = path
        if let line { text += ":\(line)" }
        text += ": "
        if let key { text += "\(key): " }
        return text + message
    }
}
