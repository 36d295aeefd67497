internal import Loader
internal import TerminalText

/// Loading skeletons: bars of `▒` where text will be, dimmed when styling is allowed.
public enum Skeleton {
    /// One bar per entry, each `indent` columns in and `fraction` of the remaining width long.
    public static func bars(_ fractions: [Double], indent: Int = 0, context: RenderContext) -> String {
        let room = max(context.width - indent, 4)
        return fractions.map { fraction in
            guard fraction > 0 else { return "\n" }
            let length = max(2, Int(Double(room) * min(fraction, 1)))
            return String(repeating: " ", count: indent) + TextStyle.dim.apply(String(repeating: "▒", count: length), in: context) + "\n"
        }.joined()
    }

    /// Lengths that vary like real lines do, the same every time.
    static func fraction(_ index: Int, from: Double, to: Double) -> Double {
        let steps = [0.9, 0.55, 0.75, 0.4, 0.65, 0.85, 0.5]
        return from + (to - from) * steps[index % steps.count]
    }
}
