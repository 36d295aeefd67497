extension PluginRegistry {
    /// The built-in plugins, in the order they are offered a response: each entry a decoder
    /// and its renderer, declared here and nowhere else. The empty state comes first: a body
    /// that is not there is no other plugin's, and the loader consults it before any of them.
    public static func `default`() -> PluginRegistry {
        PluginRegistry([
            Plugin(NoContentPlugin()),
            Plugin(PostsPlugin()),
            // A live stream is chosen by its head, before any other is offered a body.
            Plugin(EventStreamPlugin()),
            Plugin(JSONLinesPlugin()),
            // Before articles: a feed served as text/html (or guessed so, from a leading
            // comment or an XHTML DOCTYPE) is still a feed, told by its root element.
            Plugin(FeedPlugin()),
            Plugin(ArticlesPlugin()),
            Plugin(TablePlugin()),
            Plugin(JSONPlugin()),
            Plugin(ImagesPlugin()),
            Plugin(TextPlugin()),
            Plugin(BytesPlugin()),
        ])
    }
}
