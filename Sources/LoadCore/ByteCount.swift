/// Formats byte counts the way users read them: `512 B`, `12.3 KB`, `64 MiB` for limits.
public enum ByteCount {
    /// A size in decimal units with one decimal place, as progress shows it.
    public static func format(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return "\(formatOneDecimal(value)) \(units[unit])"
    }

    /// A limit in binary units when it is a whole number of them (`64 MiB`), else in bytes.
    public static func formatLimit(_ bytes: Int) -> String {
        for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= size && bytes % size == 0 {
            return "\(bytes / size) \(unit)"
        }
        return "\(bytes) bytes"
    }

    private static func formatOneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
