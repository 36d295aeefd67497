/// A page's numbered links, opened as lynx and w3m open them: typing a link's number (its
/// `[L12]` mark) and Enter opens it as a detail.
extension ScreenModel {
    /// The links the content on screen numbers: the detail's, or the focused source's when
    /// it is no list. Records and lists number none.
    var shownLinks: [String] {
        guard records.isEmpty else { return [] }
        if let detail {
            return detail.facts.main.state.content.map(renderer.links) ?? []
        }
        guard !pane.hasItems, let content = shownContent(of: focus) else { return [] }
        return renderer.links(of: content)
    }

    /// A key while a link's number is typed: digits add to it, Enter opens it, Esc (or
    /// Backspace past its first digit) drops it.
    mutating func typeLinkNumber(_ key: Key, now: ContinuousClock.Instant) -> [ScreenCommand] {
        guard var number = linkInput else { return [] }
        switch key {
        case .character(let digit) where digit.isASCII && digit.isNumber:
            if number.count < 6 { number.append(digit) }
            linkInput = number
        case .backspace:
            number.removeLast()
            linkInput = number.isEmpty ? nil : number
        case .enter:
            linkInput = nil
            let links = shownLinks
            guard let index = Int(number), links.indices.contains(index - 1) else {
                note("no link L\(number): this page has \(links.count)", about: shownName, now: now)
                return []
            }
            return openLink(links[index - 1])
        default:
            linkInput = nil
        }
        return []
    }

    /// Opens `url` as a detail of the focused source; from a detail, in its place.
    private mutating func openLink(_ url: String) -> [ScreenCommand] {
        let stop: [ScreenCommand] = pendingPrefetch != nil ? [.stopPrefetchTimer] : []
        pendingPrefetch = nil
        guard let open = detail else { return stop + [.openLink(focus, url: url)] }
        detail = nil
        relatedFocus = nil
        detailRendered = nil
        pendingDetail = nil
        return stop + [.back, .openLink(open.facts.parent, url: url)]
    }

    /// The footer while a link's number is typed.
    var linkFooter: String {
        "open link L\(linkInput ?? "")▏  of \(shownLinks.count) · Enter opens · Esc cancels"
    }
}
