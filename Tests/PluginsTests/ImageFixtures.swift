import XCTest
import CPixbuf
import SampleSource

/// Small images in each allowed format, made at test time.
enum ImageFixtures {
    /// A `width`×`height` PNG from loadrun's own writer.
    static func png(width: Int = 8, height: Int = 6) -> [UInt8] {
        PNGWriter.rgb(width: width, height: height) { x, y in (UInt8(x * 30 % 256), UInt8(y * 40 % 256), 128) }
    }

    /// The same picture saved by gdk-pixbuf's own saver as `type` ("jpeg", "webp").
    /// Skips the test, with why, when gdk-pixbuf cannot save it (its loader is missing).
    static func saved(as type: String, width: Int = 8, height: Int = 6) throws -> [UInt8] {
        let bytes = png(width: width, height: height)
        let loader = gdk_pixbuf_loader_new()
        defer { g_object_unref(loader) }
        bytes.withUnsafeBufferPointer { _ = gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), nil) }
        _ = gdk_pixbuf_loader_close(loader, nil)
        let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader)
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, nil, nil, nil) != 0, let buffer else {
            throw XCTSkip("gdk-pixbuf cannot save \(type); scripts/install-deps installs its loader")
        }
        defer { g_free(buffer) }
        return UnsafeRawBufferPointer(start: buffer, count: Int(size)).map { $0 }
    }

    /// A 1×1 GIF89a, by hand: gdk-pixbuf has no GIF saver.
    static let gif: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]

    /// A 69-byte-class PNG whose header declares `side`×`side` pixels.
    static func declaring(side: Int) -> [UInt8] {
        PNGWriter.png(width: side, height: side, imageData: PNGWriter.zlibStored([0, 0, 0, 0]))
    }
}
