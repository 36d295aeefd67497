#if canImport(Glibc)
import Glibc
#endif

/// A jq program's results as compact JSON (what `jq -c` prints), one a line, in one byte
/// buffer: how results travel from libjq's thread to their printer. A hundred thousand
/// results cost a few buffers, not a string and an array slot each.
///
/// Compact JSON never holds a raw line break (libjq escapes one in a string as `\n`), so a
/// line is exactly one result.
public struct JQResultLines: Sendable, Equatable {
    /// Each result's compact JSON followed by `\n`.
    public private(set) var bytes: [UInt8] = []
    /// How many results.
    public private(set) var count = 0

    public init() {}

    /// The results `strings`, each compact JSON.
    public init(_ strings: [String]) {
        for string in strings {
            bytes.append(contentsOf: string.utf8)
            bytes.append(0x0A)
        }
        count = strings.count
    }

    /// Adds the result whose compact JSON is `json`.
    mutating func append(_ json: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: json)
        bytes.append(0x0A)
        count += 1
    }

    public var isEmpty: Bool { count == 0 }

    /// Calls `body` with each result's compact JSON, in order, without its line break.
    public func forEach(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { all in
            guard let base = all.baseAddress else { return }
            var start = 0
            while start < all.count {
                // memchr: the line's end found a word at a time, not a byte.
                let end = memchr(base + start, 0x0A, all.count - start).map { $0 - UnsafeMutableRawPointer(mutating: base) } ?? all.count
                try body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end + 1
            }
        }
    }

    /// Each result's compact JSON, as a string.
    public var strings: [String] {
        var strings: [String] = []
        strings.reserveCapacity(count)
        forEach { strings.append(String(decoding: $0, as: UTF8.self)) }
        return strings
    }

    /// Takes the results out, leaving none, and room for as many again.
    mutating func takeAll() -> JQResultLines {
        var taken = JQResultLines()
        taken.bytes.reserveCapacity(bytes.capacity)
        swap(&taken, &self)
        return taken
    }
}
