/// A few numbers as a line of block characters, lowest `▁` to highest `█`: the trend of a
/// watch's last load times in its status line (`▁▂▅▂▁`).
package enum Sparkline {
    private static let blocks = Array("▁▂▃▄▅▆▇█")

    /// `values` scaled between their own least and greatest; all the same are all `▁`.
    package static func of(_ values: [Double]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let span = high - low
        return String(values.map { value in
            guard span > 0 else { return blocks[0] }
            return blocks[min(blocks.count - 1, Int(((value - low) / span * Double(blocks.count - 1)).rounded()))]
        })
    }
}
