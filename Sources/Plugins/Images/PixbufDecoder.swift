internal import CPixbuf
internal import Loader

/// Decodes images with gdk-pixbuf, from an allow-list of formats, refusing oversized ones
/// before they allocate.
enum PixbufDecoder {
    /// The formats loadrun decodes: media type and the name users know.
    static let allowed: [(mediaType: String, name: String)] = [
        ("image/png", "PNG"), ("image/jpeg", "JPEG"), ("image/gif", "GIF"), ("image/webp", "WebP"), ("image/svg+xml", "SVG"),
    ]
    static let maxSide = 16384
    static let maxPixels = 100_000_000

    /// Decodes `bytes`. A vector image is drawn to fit `box` (in pixels), keeping its aspect;
    /// its own declared size is what `declared` reports.
    static func decode(_ bytes: [UInt8], mediaType: String, fitting box: (width: Int, height: Int)? = nil) throws(DecodeFailure) -> (pixbuf: Pixbuf, declared: (width: Int, height: Int)) {
        guard let format = allowed.first(where: { $0.mediaType == mediaType }) else {
            throw DecodeFailure("is \(mediaType), which loadrun does not decode",
                                suggestion: "images must be \(allowed.map(\.name).joined(separator: ", "))")
        }
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_mime_type(mediaType, &error) else {
            let message = takeMessage(error)
            throw DecodeFailure("is \(format.name), but no \(format.name) loader is installed (\(message))",
                                suggestion: "run scripts/install-deps")
        }
        defer { g_object_unref(loader) }

        // The check must happen in size-prepared: by the time write() returns, gdk-pixbuf has
        // allocated for the declared size. The box is released by the closure's destroy notify.
        let check = SizeCheck(box: box)
        let prepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, gint, gint, gpointer?) -> Void = { loader, width, height, data in
            let check = Unmanaged<SizeCheck>.fromOpaque(data!).takeUnretainedValue()
            check.declared = (Int(width), Int(height))
            if let box = check.box, width > 0, height > 0 {
                // A vector image is drawn at the size asked for, whatever size it declares.
                let scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
                gdk_pixbuf_loader_set_size(loader, gint(max(1, Double(width) * scale)), gint(max(1, Double(height) * scale)))
            } else if Int(width) > PixbufDecoder.maxSide || Int(height) > PixbufDecoder.maxSide || Int(width) * Int(height) > PixbufDecoder.maxPixels {
                check.refused = true
                gdk_pixbuf_loader_set_size(loader, 0, 0)
            }
        }
        g_signal_connect_data(loader, "size-prepared", unsafeBitCast(prepared, to: GCallback.self),
                              Unmanaged.passRetained(check).toOpaque(),
                              { data, _ in Unmanaged<SizeCheck>.fromOpaque(data!).release() }, GConnectFlags(0))

        let wrote = bytes.withUnsafeBufferPointer { buffer in
            gdk_pixbuf_loader_write(loader, buffer.baseAddress, gsize(buffer.count), &error) != 0
        }
        let writeMessage = wrote ? nil : takeMessage(error)
        error = nil
        // Always close: a loader finalized open warns, and close reports truncation.
        let closed = gdk_pixbuf_loader_close(loader, &error) != 0
        let closeMessage = closed ? nil : takeMessage(error)

        if check.refused, let (width, height) = check.declared {
            throw DecodeFailure("declares a \(width)×\(height) \(format.name) image, over loadrun's \(maxSide)×\(maxSide) and 100-megapixel limit",
                                suggestion: "loadrun will not allocate memory for it")
        }
        if let message = writeMessage ?? closeMessage {
            throw DecodeFailure("is not a valid \(format.name) image: \(message)", suggestion: "check the URL, or whether the image is complete")
        }
        // gdk-pixbuf hands back a half-filled picture for a file cut short after its header,
        // so check that the file reaches its format's end marker.
        if let missing = ImageCompleteness.missingEnd(of: bytes, mediaType: mediaType) {
            throw DecodeFailure("is a truncated \(format.name) image: it ends before its \(missing)",
                                suggestion: "the transfer was cut short; try again")
        }
        guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw DecodeFailure("is not a valid \(format.name) image: it holds no picture")
        }
        let decoded = Pixbuf(retaining: pixbuf)
        return (decoded, check.declared ?? (decoded.width, decoded.height))
    }

    private static func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}

/// What `size-prepared` saw, read back once the load has ended.
private final class SizeCheck {
    let box: (width: Int, height: Int)?
    var declared: (width: Int, height: Int)?
    var refused = false

    init(box: (width: Int, height: Int)?) { self.box = box }
}
