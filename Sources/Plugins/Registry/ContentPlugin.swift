public import Loader

/// A plugin that decodes and renders one model in one type, as the built-ins do.
public protocol ContentPlugin: ContentDecoder, ContentRenderer {}
