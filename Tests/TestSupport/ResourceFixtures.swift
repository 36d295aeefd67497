/// Small JSON API resources in the shapes a JSONPlaceholder-style server serves, written for
/// the tests (the real corpus stays out of the suite, so a clone stands on its own).
public enum ResourceFixtures {
    public static let users = #"""
        [{"id":1,"name":"Ada Byron","username":"ada","email":"ada@example.test","address":{"street":"1 Loop Lane","suite":"Apt. 1","city":"Mainville","zipcode":"10001","geo":{"lat":"51.5","lng":"-0.1"}},"phone":"555-0101","website":"ada.example.test","company":{"name":"Engines","catchPhrase":"Analytical","bs":"compute"}},
         {"id":2,"name":"Grace Hopper","username":"grace","email":"grace@example.test","address":{"street":"2 Compiler Court","suite":"Suite 2","city":"Arlington","zipcode":"22201","geo":{"lat":"38.8","lng":"-77.1"}},"phone":"555-0102","website":"grace.example.test","company":{"name":"Cobol","catchPhrase":"Debugged","bs":"moths"}}]
        """#
    public static let todos = #"[{"userId":1,"id":1,"title":"write the parser","completed":true},{"userId":1,"id":2,"title":"write the table","completed":false}]"#
    public static let comments = #"[{"postId":1,"id":1,"name":"first","email":"a@example.test","body":"Well said.\nIndeed."},{"postId":1,"id":2,"name":"second","email":"b@example.test","body":"Agreed."}]"#
    public static let albums = #"[{"userId":1,"id":1,"title":"holidays"},{"userId":2,"id":2,"title":"birthdays"}]"#
    public static let photos = #"[{"albumId":1,"id":1,"title":"beach","url":"https://img.example.test/1.png","thumbnailUrl":"https://img.example.test/1t.png"},{"albumId":1,"id":2,"title":"dunes","url":"https://img.example.test/2.png","thumbnailUrl":"https://img.example.test/2t.png"}]"#
    public static let posts = #"[{"userId":1,"id":1,"title":"first post","body":"one\ntwo"},{"userId":1,"id":2,"title":"second post","body":"three"}]"#

    /// Each list resource by its path, with its first item.
    public static var resources: [(path: String, list: String, first: String)] {
        [("users", users), ("todos", todos), ("comments", comments), ("albums", albums), ("photos", photos), ("posts", posts)].map {
            ($0.0, $0.1, firstItem(of: $0.1))
        }
    }

    /// The first object of a list written as above: from the first `{` to its matching `}`.
    private static func firstItem(of list: String) -> String {
        var depth = 0
        var inString = false
        var escaped = false
        var start: String.Index?
        for index in list.indices {
            let character = list[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{":
                if depth == 0 { start = index }
                depth += 1
            case "}":
                depth -= 1
                if depth == 0, let start { return String(list[start...index]) }
            default: break
            }
        }
        return list
    }
}
