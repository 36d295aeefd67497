/// Whether an encoded image reaches the end its format requires.
enum ImageCompleteness {
    /// What the image lacks at its end, or nil when it is complete as far as the format shows.
    /// Trailing bytes after the end marker, which some encoders leave, are tolerated.
    static func missingEnd(of bytes: [UInt8], mediaType: String) -> String? {
        switch mediaType {
        case "image/png":
            return tail(bytes, 64, contains: [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]) ? nil : "IEND chunk"
        case "image/jpeg":
            return tail(bytes, 64, contains: [0xFF, 0xD9]) ? nil : "end-of-image marker"
        case "image/gif":
            return tail(bytes, 16, contains: [0x3B]) ? nil : "trailer"
        case "image/webp":
            // RIFF: a little-endian length at offset 4 counts the bytes after the first 8.
            guard bytes.count >= 12 else { return "RIFF header" }
            let declared = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            return bytes.count >= declared + 8 ? nil : "declared RIFF length"
        default:
            return nil
        }
    }

    private static func tail(_ bytes: [UInt8], _ length: Int, contains marker: [UInt8]) -> Bool {
        let tail = bytes.suffix(length)
        guard tail.count >= marker.count else { return false }
        var index = tail.startIndex
        while index + marker.count <= tail.endIndex {
            if tail[index..<index + marker.count].elementsEqual(marker) { return true }
            index += 1
        }
        return false
    }
}
