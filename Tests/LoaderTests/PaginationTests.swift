import Loader
import XCTest

final class PaginationTests: XCTestCase {
    private let base = "https://api.example.com/posts?page=1"

    func testNextLinkIsFoundAndResolved() {
        let headers = HTTPHeaders([("Link", #"<https://api.example.com/posts?page=2>; rel="next", <https://api.example.com/posts?page=9>; rel="last""#)])
        XCTAssertEqual(Pagination.next(from: headers, base: base), "https://api.example.com/posts?page=2")
        let relative = HTTPHeaders([("Link", #"</posts?page=3>; rel=next"#)])
        XCTAssertEqual(Pagination.next(from: relative, base: base), "https://api.example.com/posts?page=3", "resolved against the request")
    }

    func testRelationsCanBeListedAndLinksSpreadOverHeaders() {
        let headers = HTTPHeaders([("Link", #"<a?x=1,2>; rel="prev first""#), ("link", #"<b>; title="x, y"; REL="Next""#)])
        XCTAssertEqual(Pagination.next(from: headers, base: "http://h/dir/"), "http://h/dir/b", "commas in <> and quotes do not split")
        XCTAssertEqual(Pagination.links(headers.map(\.value), rel: "first", base: "http://h/dir/"), ["http://h/dir/a?x=1,2"])
    }

    func testNoNextLinkMeansNoNextPage() {
        XCTAssertNil(Pagination.next(from: HTTPHeaders([("Link", #"<x>; rel="prev""#)]), base: base))
        XCTAssertNil(Pagination.next(from: HTTPHeaders(), base: base))
        XCTAssertNil(Pagination.next(from: HTTPHeaders([("Link", "garbage")]), base: base))
    }

    func testPageParameterTemplate() {
        let page = Pagination.PageParameter(name: "page", perPage: ("per_page", 10))
        XCTAssertEqual(Pagination.url("http://h/posts", page: 2, parameter: page), "http://h/posts?page=2&per_page=10")
        XCTAssertEqual(Pagination.url("http://h/posts?q=x&page=1&per_page=3#top", page: 3, parameter: page), "http://h/posts?q=x&page=3&per_page=10#top")
        XCTAssertEqual(Pagination.pageNumber(of: "http://h/posts?q=x&page=4", parameter: page), 4)
        XCTAssertEqual(Pagination.pageNumber(of: "http://h/posts", parameter: page), 1)
    }

    func testTheDeclaredEndComesFromTheTotalCountOrALastLinkInTheSameNumbering() {
        let parameter = Pagination.PageParameter(name: "_page", perPage: ("_limit", 10))
        let base = "http://h/todos?_page=1"
        func end(_ fields: [(String, String)]) -> Pagination.End? {
            Pagination.end(from: HTTPHeaders(fields), base: base, parameter: parameter)
        }
        XCTAssertEqual(end([("X-Total-Count", " 45 ")]), .items(45))
        XCTAssertEqual(end([("Link", #"</todos?_page=5&_limit=10>; rel="last""#)]), .page(5))
        XCTAssertNil(end([("Link", #"</todos?cursor=abc>; rel="last""#)]), "a last link in another numbering says nothing")
        XCTAssertNil(end([("X-Total-Count", "many")]))
        XCTAssertNil(end([]))
    }
}
