import XCTest
@testable import Plan

/// Detail templates as values: what is refused when they are read, how an item's fields fill
/// them, and how the result is resolved against the source's URL.
final class DetailTemplateTests: XCTestCase {
    private func template(_ text: String) throws -> DetailTemplate {
        try DetailTemplate.parse(text).get()
    }

    private func problem(_ text: String) -> TemplateProblem? {
        guard case .failure(let problem) = DetailTemplate.parse(text) else { return nil }
        return problem
    }

    func testATemplateIsTextAndNamedHoles() throws {
        let parsed = try template("  https://host/x/{user.id}?q={title}&again={user.id}\t")
        XCTAssertEqual(parsed.text, "https://host/x/{user.id}?q={title}&again={user.id}", "blanks at either end are not part of it")
        XCTAssertEqual(parsed.parts, [.text("https://host/x/"), .field("user.id"), .text("?q="), .field("title"),
                                      .text("&again="), .field("user.id")])
        XCTAssertEqual(parsed.fieldNames, ["user.id", "title"], "each once, in order")
        XCTAssertEqual(try template("{id}").parts, [.field("id")])
        XCTAssertEqual(try template("/posts/{post_id}/{kind-2}").fieldNames, ["post_id", "kind-2"])
        XCTAssertEqual(try template("/static/page").parts, [.text("/static/page")], "a template may fill nothing")
    }

    func testWhatCannotBeATemplateIsRefusedWhenItIsRead() {
        XCTAssertEqual(problem(""), .empty)
        XCTAssertEqual(problem(" \t "), .empty)
        XCTAssertEqual(problem("/posts/{id"), .unbalancedBrace(template: "/posts/{id", column: 8, .unclosed))
        XCTAssertEqual(problem("/posts/id}"), .unbalancedBrace(template: "/posts/id}", column: 10, .unopened))
        XCTAssertEqual(problem("/p/{a{b}}"), .unbalancedBrace(template: "/p/{a{b}}", column: 6, .nested))
        XCTAssertEqual(problem("/posts/{}"), .emptyName(template: "/posts/{}"))
        XCTAssertEqual(problem("/posts/{post id}"), .badName(template: "/posts/{post id}", name: "post "))
        XCTAssertEqual(problem("/posts/{id?}"), .badName(template: "/posts/{id?}", name: "id?"))
        XCTAssertEqual(problem("/p/%zz/{id}"), .badPercent(template: "/p/%zz/{id}", column: 4))
        XCTAssertEqual(problem("/p?discount=50%"), .badPercent(template: "/p?discount=50%", column: 15))
        XCTAssertEqual(problem("http://[::1/{id}"), .notAReference(template: "http://[::1/{id}"))
        XCTAssertNil(problem("/p/%7Bliteral%7D/{id}"), "a literal brace is written encoded")
    }

    func testProblemsSayWhatToWrite() {
        XCTAssertEqual(problem("/posts/{id")?.description, #""/posts/{id": the { at column 8 is never closed"#)
        XCTAssertEqual(problem("/posts/id}")?.description, #""/posts/id}": the } at column 10 closes no {; write %7D for a literal }"#)
        XCTAssertEqual(problem("/posts/{}")?.description, #""/posts/{}": {} names no field; write {id}, say"#)
        XCTAssertEqual(problem("/posts/{post id}")?.description,
                       #""/posts/{post id}": "{post " is not a field name; use letters, digits, _ - and . only"#)
        XCTAssertEqual(problem("")?.description, "the template is empty; give a URL or a path such as /posts/{id}")
    }

    func testValuesArePercentEncodedOutsideTheUnreservedCharacters() throws {
        let search = try template("/search/{q}?q={q}")
        XCTAssertEqual(try search.url(fields: ["q": "a b/c?d&e=f#g%"], base: "http://h/").get(),
                       "http://h/search/a%20b%2Fc%3Fd%26e%3Df%23g%25?q=a%20b%2Fc%3Fd%26e%3Df%23g%25")
        XCTAssertEqual(DetailTemplate.encoded("café"), "caf%C3%A9", "UTF-8, byte by byte")
        XCTAssertEqual(DetailTemplate.encoded("AZaz09-._~"), "AZaz09-._~")
        XCTAssertEqual(DetailTemplate.encoded("a..b"), "a..b")
        XCTAssertEqual(try template("/u/{id}").url(fields: ["id": "//evil.example/x"], base: "http://h/").get(),
                       "http://h/u/%2F%2Fevil.example%2Fx", "nor change the host")
        XCTAssertEqual(try template("{id}").url(fields: ["id": "https://evil.example/"], base: "http://h/a/").get(),
                       "http://h/a/https%3A%2F%2Fevil.example%2F", "nor the scheme")
    }

    func testAValueCannotStepOutOfThePathTheTemplateSets() throws {
        let comments = try template("/posts/{id}/comments")
        for value in ["..", "."] {
            let result = comments.url(fields: ["id": value], base: "http://h/posts")
            XCTAssertEqual(result, .failure(.dotSegment(name: "id", value: value)), "resolution would follow it, encoded or not")
        }
        XCTAssertEqual(comments.url(fields: ["id": ".."], base: "http://h/").failureDescription,
                       #"the item's "id" field is "..", which would step out of the path the template sets"#)
        XCTAssertEqual(try template("/a/{x}{y}/b").url(fields: ["x": ".", "y": "."], base: "http://h/").failureDescription,
                       #"the item's "x" field is ".", which would step out of the path the template sets"#, "nor two values together")
        XCTAssertEqual(try template("/p/{id}.json?q={q}").url(fields: ["id": "..", "q": ".."], base: "http://h/").get(),
                       "http://h/p/...json?q=..", "no step of their own: in a longer step, or in the query")
        XCTAssertEqual(try template("../users/{id}").url(fields: ["id": "2"], base: "http://h/api/posts/").get(),
                       "http://h/api/users/2", "the template's own steps are followed")
        XCTAssertEqual(DetailTemplate.dotSegments(in: "/a/%2e%2E/./b?x=/../"), 2)
    }

    func testTheFilledTemplateIsResolvedAgainstTheSourcesURL() throws {
        let base = "http://h:8080/api/posts?page=2"
        func resolved(_ text: String, _ fields: [String: String] = ["id": "3", "userId": "1"], base: String = base) throws -> String {
            try template(text).url(fields: fields, base: base).get()
        }
        XCTAssertEqual(try resolved("/posts/{id}"), "http://h:8080/posts/3", "an absolute path replaces the path and the query")
        XCTAssertEqual(try resolved("{id}"), "http://h:8080/api/3", "relative to the base's directory")
        XCTAssertEqual(try resolved("posts/{id}", base: "http://h/api/"), "http://h/api/posts/3")
        XCTAssertEqual(try resolved("?id={id}"), "http://h:8080/api/posts?id=3", "a query replaces the query")
        XCTAssertEqual(try resolved("../users/{userId}"), "http://h:8080/users/1")
        XCTAssertEqual(try resolved("https://other.example/x/{id}"), "https://other.example/x/3", "an absolute template stays")
        XCTAssertEqual(try resolved("//cdn.example/{id}.json"), "http://cdn.example/3.json", "the base's scheme")
        XCTAssertEqual(try resolved("{id}.json", base: "file:///tmp/posts.json"), "file:///tmp/3.json", "a file's sibling")
        XCTAssertEqual(try resolved("/p/a%20b/{id}"), "http://h:8080/p/a%20b/3", "encoded text stays encoded")
        XCTAssertEqual(try resolved("/p/{id}", base: "http://127.0.0.1:41234/posts"), "http://127.0.0.1:41234/p/3")
    }

    func testAMissingFieldIsNamedWithTheFieldsTheItemHas() throws {
        let result = try template("/users/{userId}").url(fields: ["title": "t", "id": "3"], base: "http://h/")
        XCTAssertEqual(result, .failure(.missingField(name: "userId", fields: ["id", "title"])))
        XCTAssertEqual(result.failureDescription, #"the item has no "userId" field; its fields: id, title"#)
        let many = Dictionary(uniqueKeysWithValues: (1...20).map { ("f" + ($0 < 10 ? "0" : "") + "\($0)", "") })
        XCTAssertEqual(try template("{id}").url(fields: many, base: "http://h/").failureDescription,
                       #"the item has no "id" field; its fields: f01, f02, f03, f04, f05, f06, f07, f08, f09, f10, f11, f12, …"#)
        XCTAssertEqual(try template("{id}").url(fields: [:], base: "http://h/").failureDescription,
                       #"the item has no "id" field; it has no fields"#)
    }

    func testABaseThatIsNoURLIsSaid() throws {
        let result = try template("/posts/{id}").url(fields: ["id": "3"], base: "-")
        XCTAssertEqual(result, .failure(.unresolvable(reference: "/posts/3", base: "-")))
        XCTAssertEqual(result.failureDescription, #"cannot resolve "/posts/3" against "-", which is not an absolute URL"#)
        XCTAssertEqual(try template("https://h/{id}").url(fields: ["id": "3"], base: "-").get(), "https://h/3",
                       "an absolute template needs no base")
    }

    func testWithoutATemplateAnItemLeadsToItsOwnWebLink() {
        XCTAssertEqual(DetailTemplate.linkField(in: ["url": "ftp://h/x", "link": "https://e.example/a", "href": "http://h/"]), "link",
                       "the first that is http(s)")
        XCTAssertEqual(DetailTemplate.linkField(in: ["href": "http://h/b", "url": "http://h/a"]), "url", "url, then link, then href")
        XCTAssertEqual(DetailTemplate.link(in: ["href": "http://h/b"]), "http://h/b")
        XCTAssertNil(DetailTemplate.linkField(in: ["url": "/relative/3"]), "relative to nothing known")
        XCTAssertNil(DetailTemplate.linkField(in: ["url": "not a url", "link": "javascript:alert(1)"]))
        XCTAssertNil(DetailTemplate.linkField(in: ["website": "http://h/"]), "only the three names")
        XCTAssertNil(DetailTemplate.link(in: [:]))
    }

    func testARelatedTemplateIsANameAndATemplate() throws {
        let comments = try RelatedTemplate.parse(" comments : /posts/{id}/comments ").get()
        XCTAssertEqual(comments.name, "comments")
        XCTAssertEqual(comments.template, try template("/posts/{id}/comments"))
        XCTAssertEqual(comments.description, "comments:/posts/{id}/comments")
        XCTAssertEqual(try RelatedTemplate.parse("author:https://h/users/{userId}").get().template.text, "https://h/users/{userId}",
                       "the name ends at the first colon")
        for unnamed in ["/posts/{id}/comments", "https://h/x/{id}", ":/x", "my comments:/x"] {
            XCTAssertEqual(RelatedTemplate.parse(unnamed), .failure(.unnamedRelated(unnamed)), unnamed)
        }
        XCTAssertEqual(RelatedTemplate.parse("c:/p/{id"), .failure(.unbalancedBrace(template: "/p/{id", column: 4, .unclosed)))
        XCTAssertEqual(RelatedTemplate.parse("c:"), .failure(.empty))
    }
}

extension Result where Failure: CustomStringConvertible {
    /// The failure's text; nil on success.
    var failureDescription: String? {
        guard case .failure(let problem) = self else { return nil }
        return problem.description
    }
}
