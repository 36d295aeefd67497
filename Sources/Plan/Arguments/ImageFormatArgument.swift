package import Plugins

/// One of `ImageFormat`'s names.
package struct ImageFormatArgument: Equatable {
    package let format: ImageFormat

    package init?(argument: String) {
        guard let format = ImageFormat(rawValue: argument.lowercased()) else { return nil }
        self.format = format
    }

    /// Every name, for `--help` and the shell's completion.
    package static var allValueStrings: [String] { ImageFormat.allCases.map(\.rawValue) }
}
