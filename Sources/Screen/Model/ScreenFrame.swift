/// One frame of the full-screen view, as text: what `ScreenModel.view()` gives and the
/// terminal's frame writer draws, top to bottom: status lines, the banner or a rule, the
/// content area (every row of it, blank ones included), the footer.
package struct ScreenFrame: Equatable {
    package var status: [String]
    /// The focused source's failure, or nil for a rule.
    package var banner: String?
    package var content: [String]
    package var footer: String

    package init(status: [String], banner: String?, content: [String], footer: String) {
        self.status = status
        self.banner = banner
        self.content = content
        self.footer = footer
    }
}
