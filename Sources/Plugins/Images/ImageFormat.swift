internal import Loader

/// How an image is shown: a graphics protocol, or Unicode symbols in some number of colours.
public enum ImageFormat: String, CaseIterable, Sendable {
    case symbols, sixel, kitty, iterm
}
