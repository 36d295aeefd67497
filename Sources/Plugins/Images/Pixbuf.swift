internal import CPixbuf
internal import Loader

/// A decoded image, the only owner of its `GdkPixbuf`.
public final class Pixbuf {
    let pointer: OpaquePointer
    public let width: Int
    public let height: Int

    init(retaining pointer: OpaquePointer) {
        self.pointer = pointer
        g_object_ref(UnsafeMutableRawPointer(pointer))
        width = Int(gdk_pixbuf_get_width(pointer))
        height = Int(gdk_pixbuf_get_height(pointer))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Runs `body` with the pixel rows: 8-bit RGB or RGBA, `rowstride` bytes apart.
    func withPixels<Result>(_ body: (_ pixels: UnsafePointer<UInt8>, _ rowstride: Int, _ hasAlpha: Bool) -> Result) -> Result {
        body(gdk_pixbuf_read_pixels(pointer), Int(gdk_pixbuf_get_rowstride(pointer)), gdk_pixbuf_get_has_alpha(pointer) != 0)
    }
}
