public import Loader

extension PluginRegistry {
    /// The built-in plugins, in the order they are offered a response.
    public static func `default`() -> PluginRegistry {
        var registry = PluginRegistry()
        registry.register(PostsPlugin())
        registry.register(ArticlesPlugin())
        registry.register(ImagesPlugin())
        return registry
    }
}
