import Foundation
import Loader
import Plugins
import XCTest

final class DeclarativePluginTests: XCTestCase {
    private let json = ResponseInfo(url: "http://127.0.0.1:1/todos", headers: HTTPHeaders([("Content-Type", "application/json")]))
    private let todos = #"{"todos":[{"id":1,"title":"Write tests","done":true,"note":"all of them\nreally"},{"id":2,"title":"Ship","done":false}]}"#

    private func plugin(_ text: String, name: String = "todos") throws -> DeclarativePlugin {
        try DeclarativePlugin(name: name, keyFile: try KeyFile.parse(text))
    }

    private func refusal(_ text: String) -> KeyFileError? {
        do {
            _ = try plugin(text)
            XCTFail("accepted:\n\(text)")
            return nil
        } catch {
            return error as? KeyFileError
        }
    }

    func testTemplateRendersEachItemAndAMissingFieldAsEmptySetSaidOnce() throws {
        let todos = try plugin("[Plugin]\nMediaTypes=application/json\nItems=/todos\nTitle=title\nTemplate={id}. {title} — done: {done}{missing}\n")
        let items = try todos.decode(Array(self.todos.utf8), response: json)
        XCTAssertEqual(todos.render(items, context: RenderContext()), "1. Write tests — done: true∅\n2. Ship — done: false∅\n")
        XCTAssertEqual(todos.notes(items), [#"the todos plugin shows "missing" as ∅: item 1 has no such field"#])
        XCTAssertEqual(todos.name, "todos")
        XCTAssertEqual(todos.summary, "items at /todos, shown by {id}. {title} — done: {done}{missing}")
    }

    /// A template that repeats a field without end asked for gigabytes: a line names at most
    /// 256 fields, and one item's expansion stays within 64 times the item, at most 1 MiB.
    func testATemplateBombIsRefused() throws {
        let bomb = String(repeating: "{note}", count: 170_000)
        let error = try XCTUnwrap(refusal("[Plugin]\nMediaTypes=application/json\nItems=/todos\nTitle=title\nTemplate=\(bomb)\n"))
        XCTAssertEqual(error.line, 5)
        XCTAssertEqual(error.message, "Template names 170000 fields, more than the 256 a line may show")

        let wide = try plugin("[Plugin]\nMediaTypes=application/json\nItems=/todos\nTitle=title\nTemplate=\(String(repeating: "{note}", count: 200))\n")
        let big = #"{"todos":[{"id":1,"title":"t","note":"\#(String(repeating: "x", count: 10_000))"}]}"#
        XCTAssertThrowsError(try wide.decode(Array(big.utf8), response: json)) { error in
            XCTAssertTrue(((error as? DecodeFailure)?.reason ?? "").contains("makes item 1 2.0 MB long through the todos plugin's Template, over its limit of 642.8 KB"), "\(error)")
        }
        XCTAssertNoThrow(try wide.decode(Array(todos.utf8), response: json), "small items stay under the floor")
    }

    /// Issue 26: `--max-items` cut the posts and the table but not a declared plugin's list.
    func testMaxItemsCutsTheListAndSaysHowManyWereLeftOut() throws {
        let todos = try plugin("[Plugin]\nMediaTypes=application/json\nItems=/todos\nTitle=title\nTemplate={id}. {title}\n")
        let items = try todos.decode(Array(self.todos.utf8), response: json)
        XCTAssertEqual(todos.render(items, context: RenderContext(maxItems: 1)), "1. Write tests\n… 1 more item\n")
        XCTAssertEqual(todos.render(items, context: RenderContext(maxItems: 2)), "1. Write tests\n2. Ship\n")
        XCTAssertEqual(todos.renderItems(items, context: RenderContext(maxItems: 1)),
                       RenderedItems(text: "1. Write tests\n… 1 more item\n", itemLines: [0], end: 1), "the note that follows is no item's")
    }

    func testWithoutATemplateItShowsTitleAndFirstBodyLine() throws {
        let todos = try plugin("[Plugin]\nMediaTypes=application/json\nItems=/todos\nTitle=title\nBody=note\n")
        let items = try todos.decode(Array(self.todos.utf8), response: json)
        XCTAssertEqual(todos.render(items, context: RenderContext()), "Write tests\n  all of them\nShip\n")
        XCTAssertTrue(todos.render(items, context: RenderContext(allowsStyling: true)).contains("\u{1B}[1mWrite tests"))
    }

    func testHostileFieldsAreInert() throws {
        let todos = try plugin("[Plugin]\nMediaTypes=application/json\nTitle=title\nTemplate={title}\n")
        let items = try todos.decode(Array(#"[{"title":"\u001b]0;pwned\u0007"}]"#.utf8), response: json)
        XCTAssertEqual(todos.render(items, context: RenderContext()), "␛]0;pwned␇\n")
    }

    private func offer(_ plugin: DeclarativePlugin, _ body: String, url: String, type: String? = "application/json") -> Offer<DeclaredItems> {
        let headers = type.map { HTTPHeaders([("Content-Type", $0)]) } ?? HTTPHeaders()
        return plugin.offer(ResponseBody(Array(body.utf8), info: ResponseInfo(url: url, headers: headers)))
    }

    private func taken(_ offer: Offer<DeclaredItems>) -> Bool { if case .taken = offer { true } else { false } }

    func testItTakesResponsesOnlyAtItsURLs() throws {
        let todos = try plugin("[Plugin]\nMediaTypes=application/json\nURLs=/todos*;/api/*/todos\nTitle=title\n")
        let list = #"[{"id":1,"title":"Write tests"}]"#
        XCTAssertTrue(taken(offer(todos, list, url: "http://h/todos")))
        XCTAssertTrue(taken(offer(todos, list, url: "http://h/todos?userId=1")), "the query is not the path")
        XCTAssertTrue(taken(offer(todos, list, url: "http://h/api/v2/todos")))
        XCTAssertTrue(taken(offer(todos, list, url: "http://h/todos", type: nil)), "an untyped body at its URL")
        XCTAssertFalse(taken(offer(todos, list, url: "http://h/posts")), "a list of titles elsewhere is not its")
        XCTAssertFalse(taken(offer(todos, list, url: "http://h/todos", type: "text/plain")))
        guard case .failed(let failure) = offer(todos, #"{"not":"a list"}"#, url: "http://h/todos") else {
            return XCTFail("at its own URL, the wrong shape is this plugin's error")
        }
        XCTAssertEqual(failure.suggestion, "check Items= in the todos plugin")
        XCTAssertEqual(todos.takes, "application/json at /todos*, /api/*/todos")
    }

    func testWithoutURLsItIsExplicitOnly() throws {
        let todos = try plugin("[Plugin]\nMediaTypes=application/json\nTitle=title\n")
        XCTAssertFalse(taken(offer(todos, #"[{"title":"t"}]"#, url: "http://h/todos")))
        XCTAssertEqual(todos.takes, "explicit only")
        XCTAssertEqual(refusal("[Plugin]\nMediaTypes=application/json\nURLs=todos\nTitle=t\n")?.line, 3)
    }

    func testDecodeErrorsNameThePointer() throws {
        let todos = try plugin("[Plugin]\nMediaTypes=application/json\nItems=/data/items\nTitle=title\n")
        XCTAssertThrowsError(try todos.decode(Array(#"{"data":{}}"#.utf8), response: json)) { error in
            XCTAssertEqual((error as? DecodeFailure)?.reason, "has nothing at /data/items")
        }
        XCTAssertThrowsError(try todos.decode(Array(#"{"data":{"items":3}}"#.utf8), response: json)) { error in
            XCTAssertEqual((error as? DecodeFailure)?.reason, "has no list at /data/items")
        }
    }

    func testJSONPointersFollowRFC6901() throws {
        let document = try JSONParser.parse(Array(#"{"a/b":{"m~n":[10,{"x":true}]}}"#.utf8))
        XCTAssertEqual(document.resolve(pointer: "/a~1b/m~0n/1/x"), .bool(true))
        XCTAssertEqual(document.resolve(pointer: "/a~1b/m~0n/0"), .number("10"))
        XCTAssertNil(document.resolve(pointer: "/a~1b/m~0n/2"))
        XCTAssertEqual(document.resolve(pointer: ""), document)
        XCTAssertNil(document.resolve(pointer: "a"))
    }

    func testMalformedFilesNameTheLine() {
        XCTAssertEqual(refusal("[Other]\nTitle=t\n"), KeyFileError(line: 1, message: "no [Plugin] group"))
        XCTAssertEqual(refusal("# c\n[Plugin]\nTitle=t\n")?.line, 2, "no MediaTypes: the group's line")
        XCTAssertEqual(refusal("[Plugin]\nMediaTypes=json\nTitle=t\n"), KeyFileError(line: 2, message: "\"json\" is not a media type"))
        XCTAssertEqual(refusal("[Plugin]\nMediaTypes=application/json\nItems=todos\nTitle=t\n")?.line, 3)
        XCTAssertEqual(refusal("[Plugin]\nMediaTypes=application/json\nTitle=t\nTemplate={id\n")?.line, 4)
        XCTAssertEqual(refusal("[Plugin]\nMediaTypes=application/json\n"), KeyFileError(line: 1, message: "[Plugin] has no Title="))
    }
}
