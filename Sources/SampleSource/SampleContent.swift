/// The content the sample server bundles, written for loadrun.
public enum SampleContent {
    /// The sources the sample server serves, each at `/NAME`.
    public static let sources = ["posts", "articles", "images"]

    /// The bundled posts, in JSONPlaceholder's shape `{userId, id, title, body}`.
    public static let posts: [SamplePost] = [
        SamplePost(userId: 1, id: 1, title: "Loading states are a contract",
                   body: "Every source is idle, loading, loaded or failed, and the screen says which.\nA spinner is a promise that something is happening; an error is a promise that nothing is."),
        SamplePost(userId: 1, id: 2, title: "Why one thread is enough",
                   body: "The GLib main loop waits on sockets, timers and signals at once.\nNothing blocks, so nothing needs a lock, and every callback runs in order."),
        SamplePost(userId: 1, id: 3, title: "Cancelling is part of loading",
                   body: "Ctrl-C cancels the request through its GCancellable and the socket closes cleanly.\nThe process is not killed; it finishes its sentence and leaves the terminal as it found it."),
        SamplePost(userId: 2, id: 4, title: "A short body is not a success",
                   body: "When a server promises 4096 bytes and sends 1000, the transfer failed, whatever the library says.\nCount what arrived and compare."),
        SamplePost(userId: 2, id: 5, title: "Untrusted text stays inert",
                   body: "Titles, bodies and reason phrases come from strangers.\nEscape bytes are shown, never obeyed, so no server can move your cursor or retitle your window."),
        SamplePost(userId: 2, id: 6, title: "Deadlines beat idle timers: a server that drips one byte every half second can keep a connection alive forever, so each request carries its own overall deadline",
                   body: "The idle timer only notices silence.\nThe deadline notices time."),
        SamplePost(userId: 3, id: 7, title: "Pipes close early, and that is fine",
                   body: "head -1 reads one line and leaves.\nThe next write fails with EPIPE, and the polite answer is to stop quietly."),
        SamplePost(userId: 3, id: 8, title: "Café, naïve, résumé",
                   body: "Accented titles wrap by what the terminal shows, not by bytes.\nUTF-8 is a transport, not a width."),
        SamplePost(userId: 3, id: 9, title: "幅の広い文字も正しく折り返す",
                   body: "East Asian wide characters take two columns each.\nA wrapper that counts them as one spills past the edge."),
        SamplePost(userId: 4, id: 10, title: "Size caps protect memory",
                   body: "A body is read as a stream and refused once it passes the cap.\nA compressed bomb never gets the chance to unfold."),
        SamplePost(userId: 4, id: 11, title: "Exit codes are an interface",
                   body: "0 for success, 2 when everything failed, 130 after Ctrl-C.\nScripts read them; keep them stable."),
        SamplePost(userId: 4, id: 12, title: "stdout is for content",
                   body: "Progress, state and errors go to stderr.\nA pipe receives exactly what was asked for and nothing else."),
    ]

    /// `/posts`: every bundled post as a JSON array.
    public static let postsJSON = SamplePost.json(posts)

    /// `/articles`: one article, a JSON object `{title, body}` whose body has paragraphs.
    public static let articleJSON = #"""
    {
      "title": "A loading state for every source",
      "author": "loadrun",
      "body": "A terminal tool that loads things from the network owes its user one promise above the others: to say what it is doing. Is the source idle, loading, loaded, or failed? Each state has its own look, and each look is honest.\n\nWhile a load runs, a spinner counts the bytes as they arrive, and the total when the server declared one. If the server goes quiet, the spinner keeps turning, and the overall deadline is what eventually ends the wait. An idle timer alone would never notice a server that drips one byte at a time.\n\nWhen a load fails, the error names the source, says what happened, and says what to do next. The last good content stays on screen beside it, because a failed refresh is no reason to forget what you already had.\n\nAnd when the user presses Ctrl-C, the request is cancelled, not abandoned: the socket closes, the terminal is put back as it was, and the exit code says exactly how the run ended."
    }
    """#

    /// `/images`: a 160×100 PNG drawn here, a sunset over a sea, in loadrun's own code.
    public static let imagePNG: [UInt8] = PNGWriter.rgb(width: 160, height: 100) { x, y in
        let horizon = 62
        let (sunX, sunY, sunRadius) = (112, 52, 18)
        let dx = x - sunX, dy = y - sunY
        if y < horizon && dx * dx + dy * dy <= sunRadius * sunRadius {
            return (255, UInt8(200 - dy * 2), 60)
        }
        if y < horizon {
            let t = Double(y) / Double(horizon)
            return (UInt8(40 + 200 * t), UInt8(30 + 90 * t), UInt8(110 - 40 * t))
        }
        let depth = Double(y - horizon) / Double(100 - horizon)
        let glitter = abs(x - sunX) < 10 - Int(depth * 6) && (x + y) % 3 == 0
        return glitter ? (250, 190, 90) : (UInt8(20 + 30 * (1 - depth)), UInt8(50 + 40 * (1 - depth)), UInt8(120 - 50 * depth))
    }

    /// `/`: what the server offers, as plain text.
    public static func index(baseURL: String) -> String {
        """
        loadrun sample server
          \(baseURL)/posts                posts (application/json; ?page=N&per_page=M pages them, with Link headers)
          \(baseURL)/posts/ID             one post, ID from 1 to \(posts.count) (application/json)
          \(baseURL)/posts/ID/comments    its comments (application/json)
          \(baseURL)/articles             an article (application/json)
          \(baseURL)/images               a picture (image/png)
          \(baseURL)/echo                 the request it received, any method (application/json)
          \(baseURL)/events               the posts as a live stream, one every 300 ms (text/event-stream; ?every=MS)

        """
    }
}

extension SampleServer {
    /// Adds the bundled routes: `/`, `/posts`, `/posts/ID`, `/posts/ID/comments`, `/articles`,
    /// `/images`, `/echo` and `/events`.
    public func serveSampleContent() {
        serveEcho()
        serveEvents()
        let posts = Array(SampleContent.postsJSON.utf8)
        route("/posts") { [unowned self] exchange in
            // Paged when asked (?page=, ?per_page=); the whole list otherwise.
            if exchange.query["page"] != nil || exchange.query["per_page"] != nil {
                respondWithPostsPage(exchange)
            } else {
                exchange.respondCacheable(contentType: "application/json; charset=utf-8", body: posts)
            }
        }
        // The server routes exact paths, so each post's paths are routes of their own: a
        // dozen, answered as JSONPlaceholder answers them. Each body is made when it is asked
        // for, not as the server starts: `loadrun --source posts` asks for none of them, and
        // the image alone was a fifth of that command's start-up.
        for post in SampleContent.posts {
            route("/posts/\(post.id)") { $0.respondCacheable(contentType: "application/json; charset=utf-8", body: Array(post.json.utf8)) }
            route("/posts/\(post.id)/comments") { exchange in
                let comments = SampleComment.json(SampleContent.comments(onPost: post.id))
                exchange.respondCacheable(contentType: "application/json; charset=utf-8", body: Array(comments.utf8))
            }
        }
        route("/articles") { $0.respondCacheable(contentType: "application/json; charset=utf-8", body: Array(SampleContent.articleJSON.utf8)) }
        route("/images") { $0.respondCacheable(contentType: "image/png", body: SampleContent.imagePNG) }
        route("/") { [unowned self] exchange in
            exchange.respond(status: 200, text: SampleContent.index(baseURL: url("")))
        }
    }
}
