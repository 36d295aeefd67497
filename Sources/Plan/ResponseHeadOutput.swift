/// Whether printed output shows the head of each source's response, as curl's `-i` and `-I` do.
package enum ResponseHeadOutput: Sendable {
    /// The content alone.
    case omitted
    /// `-i`, `--include`: the status line and headers, a blank line, then the content.
    case beforeContent
    /// `-I`, `--head`: a HEAD request, and its head alone.
    case alone
}
