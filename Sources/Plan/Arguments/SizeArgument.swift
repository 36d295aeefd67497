/// A size as users type it: `65536`, `512K`, `64M`/`64MiB` (binary, as curl reads them), `1G`.
package struct SizeArgument: Equatable {
    package let bytes: Int

    package init?(argument: String) {
        let text = argument.uppercased()
        let units: [(suffix: String, factor: Int)] = [
            ("KIB", 1 << 10), ("MIB", 1 << 20), ("GIB", 1 << 30),
            ("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("B", 1),
        ]
        let unit = units.first { text.hasSuffix($0.suffix) } ?? ("", 1)
        guard let value = Int(text.dropLast(unit.suffix.count)), value > 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: unit.factor)
        guard !overflow else { return nil }
        self.bytes = bytes
    }

    package init(bytes: Int) { self.bytes = bytes }

    package var defaultValueDescription: String {
        for (unit, size) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes % size == 0 {
            return "\(bytes / size)\(unit)"
        }
        return "\(bytes)"
    }
}
