extension StringProtocol {
    /// The text without the characters of `set` at either end. `package`, not public: an
    /// extension of a standard protocol would otherwise reach every program importing Loader.
    package func trimmingCharacters(in set: String) -> String {
        // The sets are a few characters (" \t\r"): a look through them costs less than
        // building a Set on every call, which the sources file makes per line.
        let scalars = set.unicodeScalars
        var view = Substring(self).unicodeScalars[...]
        while let first = view.first, scalars.contains(first) { view = view.dropFirst() }
        while let last = view.last, scalars.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
