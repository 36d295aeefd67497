package import Plugins

/// How content is shown, as the user asked: images' format and size, how many items of a list,
/// whether JSON output sorts its keys and is compact, when it is coloured, and whether the
/// response's head is printed.
package struct ViewOptions {
    package var imageFormat: ImageFormat?
    package var imageSize: RenderContext.CellSize?
    package var maxItems: Int?
    /// `--max-items` as given on the command line: a live stream ends with its Nth item. The
    /// sources file's `max-items` only cuts what is shown; it never ends a stream.
    package var maxStreamItems: Int?
    package var sortsKeys: Bool
    /// `-c`: JSON on one line, as `jq -c` prints it.
    package var compactsJSON: Bool
    /// `--color`.
    package var color: ColorChoice
    /// `-i`, `-I`.
    package var head: ResponseHeadOutput
    /// Whether content is written as data on a pipe (see `RenderContext.writesData`): unless
    /// `--output text` asks for the views there too.
    package var writesDataOnPipe = true
    /// `-w`: written to stdout after each source's content, with what its request saw.
    package var writeOut: WriteOut?

    package init(imageFormat: ImageFormat? = nil, imageSize: RenderContext.CellSize? = nil, maxItems: Int? = nil, sortsKeys: Bool = false,
                 compactsJSON: Bool = false, color: ColorChoice = .auto, head: ResponseHeadOutput = .omitted) {
        self.compactsJSON = compactsJSON
        self.color = color
        self.head = head
        self.imageFormat = imageFormat
        self.imageSize = imageSize
        self.maxItems = maxItems
        maxStreamItems = maxItems
        self.sortsKeys = sortsKeys
    }

    /// These options over the sources file's `[defaults]`: its `max-items` holds unless
    /// `--max-items` is given.
    package func over(_ defaults: SourceDefaults?) -> ViewOptions {
        var options = self
        options.maxItems = maxItems ?? defaults?.maxItems
        return options
    }
}
