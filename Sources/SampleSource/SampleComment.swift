/// One comment on a bundled post.
public struct SampleComment: Sendable, Equatable {
    public var postId: Int
    public var id: Int
    public var name: String
    public var email: String
    public var body: String

    public init(postId: Int, id: Int, name: String, email: String, body: String) {
        self.postId = postId
        self.id = id
        self.name = name
        self.email = email
        self.body = body
    }

    /// The comment as a JSON object, keys in JSONPlaceholder's order.
    public var json: String {
        #"{"postId":\#(postId),"id":\#(id),"name":\#(SamplePost.quoted(name)),"email":\#(SamplePost.quoted(email)),"body":\#(SamplePost.quoted(body))}"#
    }

    /// `comments` as a JSON array: what `/posts/{id}/comments` answers.
    public static func json(_ comments: [SampleComment]) -> String {
        "[" + comments.map(\.json).joined(separator: ",") + "]"
    }
}

extension SampleContent {
    /// Two or three comments on each bundled post, in JSONPlaceholder's shape
    /// `{postId, id, name, email, body}`, numbered across all posts as it numbers them. The
    /// addresses are at the domains RFC 2606 keeps for examples.
    public static let comments: [SampleComment] = [
        (1, "idle is a state too", "ada@example.com",
         "I used to draw nothing until the first byte came.\nNow the empty screen says idle, and nobody files a bug about a blank terminal."),
        (1, "and stale?", "grace@example.org",
         "Loaded but old is still loaded.\nShow the content, and say when it was fetched."),
        (2, "callbacks in order", "ken@example.net",
         "Once every callback ran on the loop, the race I had chased for a week was simply gone."),
        (2, "long work on one thread", "barbara@example.com",
         "Decoding a big image still holds the loop.\nCut it into pieces the loop can run between events, and the spinner keeps turning."),
        (3, "Ctrl-C twice", "dennis@example.org",
         "The first Ctrl-C cancels, the second quits.\nIt took me one try to learn, which is the right number."),
        (3, "nothing half-written", "margaret@example.com",
         "A cancelled load prints nothing partial.\nMy scripts trust that an exit of 130 left stdout alone."),
        (3, "the server stops too", "linus@example.net",
         "Closing the connection tells the server to stop as well.\nAn abandoned request would have kept it working for nobody."),
        (4, "Content-Length saved me", "frances@example.com",
         "A proxy cut my downloads at 1000 bytes and still said 200 OK.\nComparing with Content-Length caught it on the first run."),
        (4, "chunked bodies too", "edsger@example.org",
         "A chunked body has no length to compare, but it has an end: the zero-size chunk.\nNo last chunk, no success."),
        (5, "my tab keeps its name", "radia@example.net",
         "A feed once renamed my terminal tab to something rude.\nNow the escape shows up as text and the tab stays as I named it."),
        (5, "bidi overrides", "whitfield@example.com",
         "Right-to-left overrides can make a title read backwards.\nGood to see them caught along with the control bytes."),
        (6, "one deadline per request", "hedy@example.org",
         "A request that has not finished in thirty seconds is not going to.\nGive up, say so, and retry after a backoff."),
        (6, "slow servers", "vint@example.com",
         "Servers guard against clients that send one byte at a time.\nClients need the same guard against servers that do."),
        (6, "not one size", "adele@example.net",
         "I give the status page --timeout 5s and the big export 2m.\nOne deadline does not fit every source."),
        (7, "head -1", "brian@example.com",
         "loadrun --source posts | head -1 prints a line and ends at once.\nNo broken pipe message, no stack trace."),
        (7, "why exit 0?", "lorinda@example.org",
         "I expected an error, but a reader leaving early is not a failure to load.\nExit 0 is the honest answer."),
        (8, "combining accents", "jean@example.net",
         "An e followed by a combining accent takes one column, not two.\nCount what the terminal draws, not the scalars."),
        (8, "NFC or NFD", "ivan@example.com",
         "The server sent decomposed accents and the titles still lined up.\nWidth belongs to what is drawn, not to how it was spelt."),
        (9, "全角の幅", "yuki@example.com",
         "A line of wide characters wrapped at an odd width leaves one cell empty,\nrather than cutting a character in half."),
        (9, "emoji too", "sophie@example.org",
         "Many emoji take two columns as well.\nA wrapper has to ask the same width table about them."),
        (10, "a cap per source", "mary@example.com",
         "--max-size 512K is what I give status APIs.\nIf a status page is bigger than that, something else is wrong."),
        (10, "compression bombs", "alan@example.net",
         "A few kilobytes of gzip can unfold into gigabytes.\nReading as a stream and stopping at the cap is the only safe way to find out."),
        (11, "1 versus 2", "john@example.org",
         "1 when some sources failed, 2 when all of them did.\nMy cron job retries on 2 and only logs on 1."),
        (11, "64 for usage", "katherine@example.com",
         "64 for a usage error comes from sysexits.h.\nNice to see an old convention kept."),
        (12, "jq friendly", "anita@example.net",
         "loadrun --output json | jq '.[0].title' just works,\nbecause nothing else lands on stdout."),
        (12, "progress on stderr", "donald@example.com",
         "The spinner goes to stderr, so a file that stdout is redirected to never catches a frame of it."),
        (12, "quiet mode", "susan@example.org",
         "-q leaves only errors on stderr.\nThat is all I want in a cron job's mail."),
    ].enumerated().map { index, comment in
        SampleComment(postId: comment.0, id: index + 1, name: comment.1, email: comment.2, body: comment.3)
    }

    /// The comments on post `postId`, in order.
    public static func comments(onPost postId: Int) -> [SampleComment] {
        comments.filter { $0.postId == postId }
    }
}
