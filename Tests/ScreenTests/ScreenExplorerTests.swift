import LoadCore
import Screen
import XCTest

/// JSON explored in the screen model, with a renderer written here: the source's document in
/// place of its text, its folds and cursor kept across reloads, what changed marked, copies,
/// jumps to a path, and a jq filter typed in the view, run outside and shown as a route.
final class ScreenExplorerTests: XCTestCase {
    private let start = ContinuousClock.now
    private let noon = WallTime(seconds: 43_200, timeOfDay: "12:00:00")

    func testADocumentIsExploredFoldedAndJumpedInByPath() {
        var screen = model()
        load(&screen, document(name: "Leanne"))
        XCTAssertEqual(screen.view().content.first, "▌ {")
        XCTAssertEqual(screen.explorer?.cursorPath.jq, ".")
        type(&screen, ":")
        XCTAssertEqual(screen.prompt?.kind, .path)
        type(&screen, ".users[1].address")
        press(&screen, .enter)
        XCTAssertEqual(screen.explorer?.cursorPath.jq, ".users[1].address")
        XCTAssertEqual(cursorRow(screen), "▌       \"address\": {")
        press(&screen, .left)
        XCTAssertEqual(cursorRow(screen), "▌       \"address\": {2 keys}", "← folds, not back")
        press(&screen, .escape)
        XCTAssertNotNil(screen.explorer, "Esc on the source's own document goes nowhere")
        type(&screen, "zM")
        XCTAssertEqual(Array(screen.view().content.prefix(4)), ["  {", "    \"meta\": {1 key},", "▌   \"users\": [2 items]", "  }"],
                       "zM folds all, the cursor on the member it was in")
    }

    func testCopiesTheValueItsPathOrTheURL() {
        var screen = model()
        load(&screen, document(name: "Leanne"))
        type(&screen, ":.users[0].name")
        press(&screen, .enter)
        XCTAssertEqual(type(&screen, "yp"), [.copy(".users[0].name")])
        XCTAssertEqual(screen.view().footer, "doc: copied .users[0].name (through OSC 52; the terminal must allow it)")
        XCTAssertEqual(type(&screen, "yy"), [.copy("\"Leanne\"")])
        XCTAssertEqual(type(&screen, "yu"), [.handOff(.copy, .source(0))], "the URL, as y copies it elsewhere")
    }

    func testAReloadKeepsTheFoldsAndTheCursorAndMarksWhatChanged() {
        var screen = model()
        load(&screen, document(name: "Leanne"))
        type(&screen, ":.users[1]")
        press(&screen, .enter)
        press(&screen, .left)
        type(&screen, ":.users[0].name")
        press(&screen, .enter)
        for (round, name) in ["Ervin", "Clementine", "Patricia"].enumerated() {
            load(&screen, document(name: name))
            XCTAssertEqual(screen.explorer?.cursorPath.jq, ".users[0].name", "round \(round)")
            let rows = screen.view().content
            XCTAssertTrue(rows.contains("~       \"name\": \"\(name)\",") || rows.contains("▌       \"name\": \"\(name)\","), "\(rows)")
            XCTAssertTrue(rows.contains("      {2 keys}"), "the folded user stays folded: \(rows)")
            XCTAssertEqual(screen.explorer?.changes?.summary, "1 changed")
        }
        XCTAssertEqual(screen.histories[0].count, 4, "each version kept")
        press(&screen, .character("["))
        XCTAssertEqual(screen.explorer?.document["users"].flatMap { if case .array(let users) = $0 { users[0]["name"] } else { nil } },
                       .string("Clementine"), "[ steps back a version, explored")
    }

    func testAFilterRunsOutsideAndIsMadeAnewOnEveryReload() throws {
        var screen = model()
        load(&screen, document(name: "Leanne"))
        _ = screen.updateRendering(.filterHistory(0, [".meta"]))
        type(&screen, "|")
        XCTAssertEqual(screen.prompt?.kind, .filter)
        press(&screen, .up)
        XCTAssertEqual(screen.prompt?.text, ".meta", "↑ brings back an earlier filter")
        press(&screen, .down)
        XCTAssertEqual(screen.prompt?.text, "")
        type(&screen, ".users | map(.name)")
        let asked = press(&screen, .enter)
        XCTAssertEqual(asked.first, .keepFilter(0, program: ".users | map(.name)"))
        let run = try XCTUnwrap(filterRun(in: asked))
        XCTAssertEqual(run.input, document(name: "Leanne"))
        XCTAssertEqual(screen.view().content.first, "running the filter…")
        _ = screen.updateRendering(.filtered(serial: run.serial, .success(.array([.string("Leanne"), .string("Ervin")]))))
        XCTAssertEqual(Array(screen.view().content.prefix(2)), ["▌ [", "    \"Leanne\","])
        XCTAssertTrue(screen.breadcrumb?.contains("| .users | map(.name)") == true)

        // A reload runs it again; the earlier run's result comes too late to count.
        let reloaded = screen.updateRendering(.sourceChanged(0, facts(document(name: "Ervin")), cause: .succeeded, bytes: 10, at: noon, now: start))
        let rerun = try XCTUnwrap(filterRun(in: reloaded))
        XCTAssertEqual(rerun.input, document(name: "Ervin"))
        _ = screen.updateRendering(.filtered(serial: run.serial, .success(.string("stale"))))
        XCTAssertEqual(screen.view().content[1], "    \"Leanne\",")
        _ = screen.updateRendering(.filtered(serial: rerun.serial, .success(.array([.string("Ervin"), .string("Ervin")]))))
        XCTAssertEqual(screen.view().content[1], "~   \"Ervin\",")

        // A run that fails keeps the last result, the failure above it.
        load(&screen, document(name: "Patricia"), answering: .failure(FilterFailure("Cannot index array with \"x\"")))
        XCTAssertEqual(screen.view().content.first, "jq: Cannot index array with \"x\" · the last result below")
        XCTAssertTrue(screen.view().content[2].hasSuffix("  \"Ervin\","), screen.view().content[2])

        press(&screen, .escape)
        XCTAssertNil(screen.explorerRoute, "Esc drops the filter")
        XCTAssertEqual(screen.explorer?.document, document(name: "Patricia"))
    }

    func testThePromptWalksEarlierLinesAndKeepsWhatWasTyped() {
        var prompt = Prompt(.filter, past: [".b", ".a"])
        _ = prompt.edit(.character("."))
        _ = prompt.edit(.character("x"))
        XCTAssertEqual(prompt.edit(.up), .typed)
        XCTAssertEqual(prompt.text, ".b")
        _ = prompt.edit(.up)
        XCTAssertEqual(prompt.text, ".a")
        _ = prompt.edit(.up)
        XCTAssertEqual(prompt.text, ".a", "the oldest stays")
        _ = prompt.edit(.down)
        _ = prompt.edit(.down)
        XCTAssertEqual(prompt.text, ".x", "past the newest, what was typed")
        XCTAssertEqual(prompt.edit(.enter), .submitted(".x"))
        var path = Prompt(.path)
        for character in ".users[3]g" { _ = path.edit(.character(character)) }
        XCTAssertEqual(path.text, ".users[3]g", "a path takes any character, g too")
    }

    // MARK: Helpers

    /// The row the cursor is on.
    private func cursorRow(_ screen: ScreenModel) -> String? { screen.view().content.first { $0.hasPrefix("▌") } }

    private func document(name: String) -> JSON {
        .object([
            JSON.Member("meta", .object([JSON.Member("host", .string("example"))])),
            JSON.Member("users", .array([
                .object([JSON.Member("id", .number("1")), JSON.Member("name", .string(name)),
                         JSON.Member("address", .object([JSON.Member("street", .string("Kulas Light")), JSON.Member("city", .string("Gwenborough"))]))]),
                .object([JSON.Member("id", .number("2")),
                         JSON.Member("address", .object([JSON.Member("street", .string("Victor Plains")), JSON.Member("city", .string("Wisokyburgh"))]))]),
            ])),
        ])
    }

    private func facts(_ json: JSON) -> SourceFacts { SourceFacts(name: "doc", state: .loaded(Documents.content(json))) }

    private func model() -> ScreenModel {
        ScreenModel(sources: [SourceFacts(name: "doc", state: .loading(LoadProgress(), lastGood: nil))], rows: 20, columns: 60,
                    reloadsOnInterval: true, readsKeys: true, renderer: Documents.Rendering())
    }

    /// Loads `json`; a filter shown over it is answered with `answering`, when given.
    private func load(_ screen: inout ScreenModel, _ json: JSON, answering: Result<JSON, FilterFailure>? = nil) {
        let asked = screen.updateRendering(.sourceChanged(0, facts(json), cause: .succeeded, bytes: 10, at: noon, now: start))
        if let answering, let run = filterRun(in: asked) { _ = screen.updateRendering(.filtered(serial: run.serial, answering)) }
    }

    private func filterRun(in commands: [ScreenCommand]) -> ScreenModel.FilterRun? {
        for command in commands { if case .runFilter(let run) = command { return run } }
        return nil
    }

    @discardableResult
    private func press(_ screen: inout ScreenModel, _ key: Key) -> [ScreenCommand] {
        screen.updateRendering(.key(key, at: start))
    }

    @discardableResult
    private func type(_ screen: inout ScreenModel, _ text: String) -> [ScreenCommand] {
        text.flatMap { press(&screen, .character($0)) }
    }
}

/// Content that is a JSON document, explored whole when it is an object.
private enum Documents {
    struct Decoder: ContentDecoder {
        var name: String { "doc" }
        var mediaTypes: [String] { ["application/json"] }
        var summary: String { "a document" }
        func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> JSON { .null }
    }

    static func content(_ json: JSON) -> AnyContent { AnyContent(json, decoder: Decoder()) }

    struct Rendering: ContentRendering {
        func list(_ content: AnyContent, width: Int, rows: Int) -> RenderedList {
            RenderedList(text: "not explored", items: nil, hasGutter: false)
        }
        func changes(_ content: AnyContent, rendered: RenderedList, since previous: AnyContent, previousText: String,
                     width: Int, rows: Int) -> String { rendered.text }
        func placeholder(source index: Int, state: LoadingState<AnyContent>, width: Int, rows: Int) -> String { "loading" }
        func detail(_ detail: DetailFacts, skeletonPlugin: String?, width: Int, rows: Int) -> RenderedDetail {
            RenderedDetail(text: "", related: [])
        }
        func itemFields(of content: AnyContent, at item: Int) -> [String: String]? { nil }
        func links(of content: AnyContent) -> [String] { [] }
        func explorable(_ content: AnyContent) -> JSON? {
            guard let json = content.model as? JSON, case .object = json else { return nil }
            return json
        }
        func json(of content: AnyContent) -> JSON? { content.model as? JSON }
        var allowsStyling: Bool { false }
    }
}
