import LoadCore

/// A render the screen model waits for (`ScreenCommand.render`): source `index`'s list, or the
/// open detail.
package enum RenderRequest: Hashable, Sendable {
    case list(Int)
    case detail
    /// The feed entry shown from its own words (`ScreenModel.entry`).
    case entry
}

/// A render the model asked for, to carry out outside it: the executor runs it with a
/// renderer that a signal may cut short, and gives the model what came of it
/// (`ScreenMessage.rendered`), or drops it, and the model keeps waiting. The model never
/// renders content itself, so `update` depends on its messages alone.
package struct RenderJob {
    /// What to render.
    enum Work {
        /// A list's content, and the content it follows on screen, if any: its text at this
        /// width (`previousText`, rendered here when not given) tells whether the new differs,
        /// and with `marks`, what changed since it is marked.
        case list(AnyContent, previous: AnyContent?, previousText: String?, marks: Bool)
        /// The open detail, its skeleton that of `skeletonPlugin` while it loads.
        case detail(DetailFacts, skeletonPlugin: String?)
        /// Item `item` of a list as a page of its own words (a feed's entry): made, then
        /// rendered, with no request.
        case entry(AnyContent, item: Int)
    }

    package let request: RenderRequest
    /// Which of the model's asks for `request` it answers: a later ask makes it stale.
    let serial: Int
    let width: Int
    let rows: Int
    let work: Work

    /// The render, through `renderer`.
    package func run(with renderer: any ContentRendering) -> RenderResult {
        let output: RenderResult.Output
        switch work {
        case .list(let content, let previous, let previousText, let marks):
            let list = renderer.list(content, width: width, rows: rows)
            var before: RenderedList?
            var previousText = previousText
            if let previous, previousText == nil {
                before = renderer.list(previous, width: width, rows: rows)
                previousText = before?.text
            }
            var changedText: String?
            // Marks only where the text changed: the same text has nothing to mark.
            if marks, let previous, let previousText, list.text != previousText {
                if list.items != nil, list.keys != nil {
                    before = before ?? renderer.list(previous, width: width, rows: rows)
                } else if renderer.allowsStyling, list.items == nil {
                    changedText = renderer.changes(content, rendered: list, since: previous, previousText: previousText,
                                                   width: width, rows: rows)
                }
            }
            output = .list(RenderResult.List(list: list, previousText: previousText, before: marks ? before : nil,
                                             changedText: changedText))
        case .detail(let facts, let skeletonPlugin):
            output = .detail(renderer.detail(facts, skeletonPlugin: skeletonPlugin, width: width, rows: rows))
        case .entry(let list, let item):
            let page = renderer.entry(of: list, at: item)
            output = .entry(page, text: page.map { renderer.list($0, width: width, rows: rows).text } ?? "")
        }
        return RenderResult(request: request, serial: serial, width: width, rows: rows, output: output)
    }
}

/// What a `RenderJob` gave, for the model (`ScreenMessage.rendered`).
package struct RenderResult {
    /// A list's render.
    struct List {
        var list: RenderedList
        /// The text of the content it follows on screen, at this width.
        var previousText: String?
        /// What marks what changed: the previous version's list (items are compared), or the
        /// text with the changes highlighted.
        var before: RenderedList?
        var changedText: String?
    }

    enum Output {
        case list(List)
        case detail(RenderedDetail)
        /// A feed entry's page, as made, and its text.
        case entry(AnyContent?, text: String)
    }

    package let request: RenderRequest
    let serial: Int
    let width: Int
    let rows: Int
    let output: Output
}

extension ScreenModel {
    /// `update`, with the renders it asks for carried out at once by the model's own renderer
    /// and their results taken, for a caller with no signal to heed (the tests drive the model
    /// so); returns the other commands.
    package mutating func updateRendering(_ message: ScreenMessage) -> [ScreenCommand] {
        var asked: [ScreenCommand] = []
        var messages = [message]
        while !messages.isEmpty {
            for command in update(messages.removeFirst()) {
                guard case .render(let request) = command else {
                    asked.append(command)
                    continue
                }
                if let job = renderJob(request) { messages.append(.rendered(job.run(with: renderer))) }
            }
        }
        return asked
    }
}
