package import LoadCore
import TerminalText

/// How the screen model takes each message.
extension ScreenModel {
    /// Takes one message, and returns what the session (or the presenter's timer) should do,
    /// then the renders it now waits for.
    package mutating func update(_ message: ScreenMessage) -> [ScreenCommand] {
        let commands = take(message)
        clampCursor()
        defer { (renders.asked, renders.filters) = ([], []) }
        return commands + renders.asked.map(ScreenCommand.render) + renders.filters.map(ScreenCommand.runFilter)
    }

    private mutating func take(_ message: ScreenMessage) -> [ScreenCommand] {
        switch message {
        case .key(let key, let now):
            return press(key, now: now)
        case .resized(let rows, let columns):
            terminalRows = rows
            terminalColumns = columns
            for index in sources.indices { showList(of: index) }
            // Each place is laid out anew at the new width.
            for route in routes {
                switch route {
                case .detail: composeDetail()
                case .entry: composeEntry()
                case .record: composeRecord()
                case .explorer, .help, .log: break
                }
            }
        case .tick(let now):
            if let notice, notice.until <= now { self.notice = nil }
        case .sourceChanged(let index, let facts, let cause, let bytes, let time, let now):
            sources[index] = facts
            sourceChanged(index, by: cause, bytes: bytes, at: time, now: now)
        case .note(let text, let name, let now):
            note(text, about: name, now: now)
        case .logged(let line, let isTrace, let now):
            logged(line, isTrace: isTrace, now: now)
        case .detailOpened(let facts):
            if prompt?.kind == .search { changePane { $0.type(nil) } }
            prompt = nil
            lastClick = nil
            dropPlaces()
            push(.detail(DetailRoute(facts)))
            composeDetail()
            // The session dropped any prefetch as it opened this; a wake-up still due finds none.
            pendingPrefetch = nil
        case .detailChanged(let facts, let cause, let slot, let now):
            guard let open = detail, open.facts.id == facts.id else { break }
            changeDetail { detail in
                detail.facts = facts
                if detail.unchanged.indices.contains(slot), cause == .succeeded || cause == .notModified {
                    detail.unchanged[slot] = cause == .notModified
                }
            }
            let isMain = slot == 0
            if cause == .cancelled, isMain {
                note("cancelled — r loads it again; Ctrl-C again within 1 s quits", about: facts.main.name, now: now)
            }
            if cause == .succeeded, isMain, let name = facts.main.state.content?.pluginName { perSource[facts.parent].detailPlugin = name }
            // Bytes coming in change the status lines only: no need to render the content again.
            if cause != .progressed { composeDetail() }
        case .statuses(let board):
            self.board = board
        case .rendered(let result):
            rendered(result)
        case .prefetchTimerFired:
            return prefetchDue()
        case .readState(let index, let keys):
            takeReadState(keys, of: index)
        case .filterHistory(let index, let programs):
            guard perSource.indices.contains(index) else { break }
            perSource[index].filters = programs
        case .filtered(let serial, let outcome):
            filtered(serial: serial, outcome)
        case .searchGoesOn:
            guard prompt?.kind == .search, pane.searchGoesOn else { break }
            changePane { $0.searchOn() }
            return pane.searchGoesOn ? [.continueSearch] : []
        case .showRecord(let index, let fields, let note, let now):
            if topPlace == nil, case .entry(let left)? = trail.steps.last {
                // The entry's page could not be opened: back on the entry, told why.
                trail.steps.removeLast()
                push(.entry(left))
                composeEntry()
                self.note(note, about: sources[index].name, now: now)
                break
            }
            showRecord(title: sources[index].name + Self.label(fields), fields: fields, note: note)
        case .earlierVersions(let index, let versions, let now):
            perSource[index].history.prepend(earlier: versions)
            if index == focus, topPlace == nil, perSource[index].history.stepBack() {
                showList(of: index, marking: true)
            } else {
                note("no earlier version kept", about: sources[index].name, now: now)
            }
        }
        return []
    }

    /// A source's state changed: new content shows (as a version), a first load shows its
    /// skeleton or what failed.
    private mutating func sourceChanged(_ index: Int, by cause: LoadMachine<AnyContent>.Cause, bytes: Int, at time: WallTime,
                                        now: ContinuousClock.Instant) {
        let facts = sources[index]
        switch cause {
        case .succeeded:
            guard !facts.continuesChain, let content = facts.state.content else { break }
            // Shown once rendered, if it renders differently; the verdict is said then.
            present(index, Presenting(content: content, bytes: bytes, time: time, arrivedAt: now, judges: true, changed: facts.changed))
        case .notModified:
            confirmUnchanged(index)
        case .cancelled:
            // A cancelled page chain leaves the pages it had; show them if they differ.
            if facts.isSettled, let content = facts.state.content {
                present(index, Presenting(content: content, bytes: bytes, time: time, arrivedAt: now, judges: false, changed: nil))
            }
            if perSource[index].shown == nil { showList(of: index) }
        case .progressed, .reconnecting:
            // A reconnection is said as a note (the session says it), the list kept.
            break
        case .streamed:
            // A live stream's list grows as its items come, the selection kept.
            guard let content = facts.state.content else { break }
            present(index, Presenting(content: content, bytes: bytes, time: time, arrivedAt: now, judges: false, changed: nil, isVersion: false))
        case .failed, .retryScheduled, .started:
            // Before any content: the skeleton while loading, what failed after.
            if perSource[index].shown == nil { showList(of: index) }
        }
    }

    /// What the view says of a change to what the server sent that its text does not show.
    package static let hiddenChange = "changed: fields not shown"

    /// Puts `text` about the source named `name` in the footer for a while.
    mutating func note(_ text: String, about name: String, now: ContinuousClock.Instant) {
        notice = ("\(name): \(UntrustedText.forTerminalLine(text))", now + Self.noticeLifetime)
    }

    /// The prefetch timer is up: if the selection still rests where it was, its detail loads.
    private mutating func prefetchDue() -> [ScreenCommand] {
        guard let pending = pendingPrefetch else { return [] }
        pendingPrefetch = nil
        guard topPlace == nil, pending.source == focus, perSource[pending.source].pane.cursor.selection == pending.item,
              let content = shownContent(of: pending.source),
              let fields = renderer.itemFields(of: content, at: pending.item) else { return [] }
        return [.prefetch(pending.source, fields: fields)]
    }

    /// The content source `index`'s pane shows: the version looked at, or the latest.
    package func shownContent(of index: Int) -> AnyContent? {
        perSource[index].history.current?.version ?? perSource[index].shown?.content ?? sources[index].state.content
    }

    /// Keeps the pane's cursor within its content at the current size, as drawing it will.
    private mutating func clampCursor() {
        let rows = contentRows
        guard perSource.indices.contains(focus) else { return }
        changePane { $0.cursor.clamp(to: $0.layout(rows: rows)) }
    }
}
