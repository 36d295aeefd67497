import Loader
import Plugins
import XCTest

/// Browse mode's selection: where each item of a list starts in the rendered text, and its
/// fields for a detail URL. The lines must be `render`'s own, at any width, styled or not.
final class ItemLinesTests: XCTestCase {
    private let contexts = [30, 80].flatMap { width in
        [false, true].map { RenderContext(width: width, allowsStyling: $0) }
    }
    private let json = ResponseInfo(url: "http://127.0.0.1:1/items", headers: HTTPHeaders([("Content-Type", "application/json")]))

    /// The first post wraps at 30 columns, title and body; one has fields beyond the four.
    private let postsText = #"""
    [{"userId":1,"id":3,"title":"A title long enough to wrap on a narrow terminal","body":"\n  first line of the body, long enough to wrap too\nsecond"},
     {"userId":1,"id":12,"title":"Ünïcödé 日本語 ✓","body":"short","meta":{"x":1},"score":-0.5e3,"ok":true,"gone":null,"tags":[1]},
     {"id":7,"title":"","body":""}]
    """#

    /// `text`'s lines, and checks on `starts` that hold for every list: one per item shown,
    /// strictly increasing, each a line of the text.
    @discardableResult
    private func lines(of text: String, starts: [Int]?, count: Int, _ what: String,
                       file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let starts = try XCTUnwrap(starts, "\(what): a list has item lines", file: file, line: line)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.last, "", "\(what): the text ends in a newline", file: file, line: line)
        lines.removeLast()
        XCTAssertEqual(starts.count, count, "\(what): one entry per item shown: \(starts)", file: file, line: line)
        XCTAssertEqual(starts, starts.sorted(), "\(what): in item order", file: file, line: line)
        XCTAssertEqual(Set(starts).count, starts.count, "\(what): strictly increasing: \(starts)", file: file, line: line)
        XCTAssertTrue(starts.allSatisfy { lines.indices.contains($0) }, "\(what): \(starts) within \(lines.count) lines",
                      file: file, line: line)
        return lines
    }

    // MARK: Posts

    func testPostsStartOnTheirIdLineAtEveryWidthStyledOrNot() throws {
        let plugin = PostsPlugin()
        let posts = try plugin.decode(Array(postsText.utf8), response: json)
        for context in contexts {
            let what = "width \(context.width), styled \(context.allowsStyling)"
            let starts = plugin.itemLines(posts, context: context)
            let lines = try lines(of: plugin.render(posts, context: context), starts: starts, count: 3, what)
            // A post's first line is the only one with its id in the id column.
            let idLines = lines.indices.filter { lines[$0].prefix(2).contains(where: \.isNumber) }
            XCTAssertEqual(starts, idLines, what)
            for (start, post) in zip(try XCTUnwrap(starts), posts) {
                XCTAssertTrue(lines[start].hasPrefix(post.id < 10 ? " \(post.id)  " : "\(post.id)  "), "\(what): \(lines[start])")
            }
            XCTAssertTrue(lines[starts![0]].contains("A title"), what)
            XCTAssertTrue(lines[starts![1]].contains("Ünïcödé"), what)
        }
        let narrow = try XCTUnwrap(plugin.itemLines(posts, context: RenderContext(width: 30)))
        XCTAssertGreaterThan(narrow[1] - narrow[0], 2, "the first post wraps at 30 columns: \(narrow)")
        XCTAssertEqual(plugin.itemLines([], context: RenderContext()), [])
    }

    func testPostFieldsComeFromWhatTheServerSent() throws {
        let plugin = PostsPlugin()
        let posts = try plugin.decode(Array(postsText.utf8), response: json)
        XCTAssertEqual(plugin.itemFields(posts, at: 1), ["userId": "1", "id": "12", "title": "Ünïcödé 日本語 ✓", "body": "short",
                                                         "score": "-0.5e3", "ok": "true"])
        XCTAssertEqual(plugin.itemFields(posts, at: 0)?["id"], "3")
        XCTAssertNil(plugin.itemFields(posts, at: 3))
        XCTAssertNil(plugin.itemFields(posts, at: -1))
        let made = [Post(id: 3, userId: 9, title: "t", body: "b"), Post(id: 4, title: "u", body: "c")]
        XCTAssertEqual(plugin.itemFields(made, at: 0), ["id": "3", "userId": "9", "title": "t", "body": "b"])
        XCTAssertEqual(plugin.itemFields(made, at: 1), ["id": "4", "title": "u", "body": "c"])
    }

    // MARK: Table

    private let rowsText = #"""
    [{"id":101,"name":"Ünïcödé 日本語 with a name too long for its column at all","address":{"city":"Gwenborough"},"active":true},
     {"id":202,"name":"Ervin","address":{"city":"Wisokyburgh"},"active":false,"extra":null},
     {"id":303,"name":"Clementine","active":true}]
    """#

    func testTableRowsFollowTheHeaderOneLineEachAndStopAtMaxItems() throws {
        let plugin = TablePlugin()
        let table = try plugin.decode(Array(rowsText.utf8), response: json)
        for base in contexts {
            for maxItems in [nil, 2] {
                var context = base
                context.maxItems = maxItems
                // On a terminal, where the cut is said in the view.
                context.isTerminal = true
                let what = "width \(context.width), styled \(context.allowsStyling), max \(String(describing: maxItems))"
                let starts = plugin.itemLines(table, context: context)
                let lines = try lines(of: plugin.render(table, context: context), starts: starts, count: maxItems ?? 3, what)
                XCTAssertEqual(starts, Array(1...(maxItems ?? 3)), what)
                for (start, id) in zip(starts!, ["101", "202", "303"]) {
                    XCTAssertTrue(lines[start].hasPrefix(id), "\(what): \(lines[start])")
                }
                if maxItems != nil { XCTAssertTrue(lines[3].contains("1 more row"), what) }
            }
        }
    }

    func testTableFieldsLeaveNestedObjectsOut() throws {
        let plugin = TablePlugin()
        let table = try plugin.decode(Array(rowsText.utf8), response: json)
        XCTAssertEqual(plugin.itemFields(table, at: 0), ["id": "101", "name": "Ünïcödé 日本語 with a name too long for its column at all",
                                                         "active": "true"])
        XCTAssertEqual(plugin.itemFields(table, at: 1), ["id": "202", "name": "Ervin", "active": "false"])
        XCTAssertNil(plugin.itemFields(table, at: 3))
    }

    // MARK: JSON

    /// An object, a string that wraps at 30 columns, a number and a nested list.
    private let arrayText = #"""
    [{"id":3,"title":"Ünïcödé ✓","tags":["a","b"],"none":null,"size":{"w":1}},
     "a plain string long enough that it has to wrap at thirty columns",
     3,
     [1, 2]]
    """#

    func testJSONArrayElementsStartAfterTheOpeningBracketAndTheCutIsNotListed() throws {
        let plugin = JSONPlugin()
        let document = try plugin.decode(Array(arrayText.utf8), response: json)
        for base in contexts {
            for maxItems in [nil, 2] {
                var context = base
                context.maxItems = maxItems
                // On a terminal, where the cut is said in the view.
                context.isTerminal = true
                let what = "width \(context.width), styled \(context.allowsStyling), max \(String(describing: maxItems))"
                let starts = try XCTUnwrap(plugin.itemLines(document, context: context))
                let lines = try lines(of: plugin.render(document, context: context), starts: starts, count: maxItems ?? 4, what)
                XCTAssertEqual(starts.first, 1, "\(what): after the [")
                for (index, start) in starts.enumerated() {
                    // Each element is at the first indent, and what came before it ended the one before.
                    XCTAssertTrue(lines[start].hasPrefix("  ") && !lines[start].hasPrefix("   "), "\(what): \(lines[start])")
                    if index > 0 { XCTAssertTrue(lines[start - 1].hasSuffix(","), "\(what): \(lines[start - 1])") }
                }
                XCTAssertTrue(lines[starts[0] + 1].contains(#""id""#), what)
                XCTAssertTrue(lines[starts[1]...].prefix(2).joined().contains("a plain"), what)
                if maxItems == nil {
                    XCTAssertTrue(lines[starts[2]].contains("3"), what)
                    XCTAssertTrue(lines[starts[3]].hasSuffix("["), what)
                } else {
                    XCTAssertTrue(lines[lines.count - 2].contains("2 more items"), what)
                }
            }
        }
        let narrow = try XCTUnwrap(plugin.itemLines(document, context: RenderContext(width: 30, isTerminal: true)))
        XCTAssertGreaterThan(narrow[2] - narrow[1], 2, "the string wraps, under a line of its own: \(narrow)")
        XCTAssertEqual(plugin.itemLines(JSONDocument(.array([])), context: RenderContext()), [])
    }

    func testJSONFieldsOnlyForAnArrayAndOnlyScalars() throws {
        let plugin = JSONPlugin()
        let document = try plugin.decode(Array(arrayText.utf8), response: json)
        XCTAssertEqual(plugin.itemFields(document, at: 0), ["id": "3", "title": "Ünïcödé ✓"])
        XCTAssertEqual(plugin.itemFields(document, at: 2), [:], "a number has no fields")
        XCTAssertNil(plugin.itemFields(document, at: 4))
        let object = JSONDocument(.object([JSON.Member("id", .number("1"))]))
        XCTAssertNil(plugin.itemLines(object, context: RenderContext()))
        XCTAssertNil(plugin.itemFields(object, at: 0))
    }

    func testARepeatedKeyKeepsItsFirstValue() {
        let item = JSON.object([JSON.Member("id", .null), JSON.Member("id", .number("2")), JSON.Member("n", .string("x"))])
        XCTAssertEqual(JSONPlugin().itemFields(JSONDocument(.array([item])), at: 0), ["n": "x"])
    }

    // MARK: Declared plugins

    private let todosText = #"{"todos":[{"id":1,"title":"Write the tests for every list that browse mode can open","note":"\n all of them, at every width we can think of"},{"id":2,"title":"Ship ✓","done":false,"by":{"name":"x"}}]}"#

    private func declared(_ keys: String) throws -> DeclarativePlugin {
        try DeclarativePlugin(name: "todos", keyFile: try KeyFile.parse("[Plugin]\nMediaTypes=application/json\nItems=/todos\nTitle=title\n" + keys))
    }

    func testDeclaredItemsStartWhereTheirTemplateOrTitleDoes() throws {
        for keys in ["Template={id}. {title}\n", "Body=note\n"] {
            let plugin = try declared(keys)
            let items = try plugin.decode(Array(todosText.utf8), response: json)
            for context in contexts {
                let what = "\(keys) width \(context.width), styled \(context.allowsStyling)"
                let starts = try XCTUnwrap(plugin.itemLines(items, context: context))
                let lines = try lines(of: plugin.render(items, context: context), starts: starts, count: 2, what)
                XCTAssertEqual(starts.first, 0, what)
                XCTAssertTrue(lines[starts[0]].contains(keys.hasPrefix("Template") ? "1. Write" : "Write the"), "\(what): \(lines)")
                XCTAssertTrue(lines[starts[1]].contains(keys.hasPrefix("Template") ? "2. Ship ✓" : "Ship ✓"), "\(what): \(lines)")
                if context.width == 30 { XCTAssertGreaterThan(starts[1], 1, "\(what): the first item wraps") }
            }
            XCTAssertEqual(plugin.itemFields(items, at: 1), ["id": "2", "title": "Ship ✓", "done": "false"])
            XCTAssertNil(plugin.itemFields(items, at: 2))
        }
    }

    // MARK: Through the registry

    func testTheListsTextIsWhatRenderGivesFromOneRender() throws {
        let posts = try PostsPlugin().decode(Array(postsText.utf8), response: json)
        let table = try TablePlugin().decode(Array(rowsText.utf8), response: json)
        let document = try JSONPlugin().decode(Array(arrayText.utf8), response: json)
        let declared = try declared("Template={id}. {title}\n")
        let items = try declared.decode(Array(todosText.utf8), response: json)
        for base in contexts {
            for maxItems in [nil, 2] {
                var context = base
                context.maxItems = maxItems
                XCTAssertEqual(PostsPlugin().renderItems(posts, context: context)?.text, PostsPlugin().render(posts, context: context))
                XCTAssertEqual(TablePlugin().renderItems(table, context: context)?.text, TablePlugin().render(table, context: context))
                XCTAssertEqual(JSONPlugin().renderItems(document, context: context)?.text, JSONPlugin().render(document, context: context))
                XCTAssertEqual(declared.renderItems(items, context: context)?.text, declared.render(items, context: context))
            }
        }
    }

    func testTheRegistryAsksTheContentsOwnRendererAndOnlyListsAnswer() throws {
        let plugins = PluginRegistry.default()
        let posts = AnyContent([Post(id: 5, title: "five", body: "b")], decoder: PostsPlugin())
        XCTAssertEqual(plugins.itemLines(of: posts, context: RenderContext()), [0])
        XCTAssertEqual(plugins.itemFields(of: posts, at: 0), ["id": "5", "title": "five", "body": "b"])
        XCTAssertNil(plugins.itemFields(of: posts, at: 1))

        let article = AnyContent(Article(title: "t", body: "p"), decoder: ArticlesPlugin())
        let text = AnyContent(try TextPlugin().decode(Array("one\ntwo\n".utf8), response: ResponseInfo(url: "http://h/t.txt")), decoder: TextPlugin())
        let png = ResponseInfo(url: "http://h/i.png", headers: HTTPHeaders([("Content-Type", "image/png")]))
        let image = AnyContent(try ImagesPlugin().decode(ImageFixtures.png(), response: png), decoder: ImagesPlugin())
        for content in [article, text, image] {
            XCTAssertNil(plugins.itemLines(of: content, context: RenderContext()), content.pluginName)
            XCTAssertNil(plugins.itemFields(of: content, at: 0), content.pluginName)
        }
    }
}
