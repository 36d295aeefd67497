extension PluginRegistry {
    /// The built-in plugins, in the order they are offered a response: each entry a decoder
    /// and its renderer, declared here and nowhere else.
    public static func `default`() -> PluginRegistry {
        PluginRegistry([
            Plugin(PostsPlugin()),
            Plugin(ArticlesPlugin()),
            Plugin(TablePlugin()),
            Plugin(JSONPlugin()),
            Plugin(ImagesPlugin()),
            Plugin(TextPlugin()),
            Plugin(BytesPlugin()),
        ])
    }
}
