internal import CChafa
internal import Loader

/// Renders pixels to terminal text with libchafa.
enum ChafaRenderer {
    /// The graphics protocol chafa's terminal database finds for this environment, if any.
    static func detectGraphics(environment: [String: String]) -> ImageFormat? {
        withTermInfo(environment: environment, supplemented: false) { info in
            if chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1) != 0 { return .kitty }
            if chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE) != 0 { return .iterm }
            if chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_SIXELS) != 0 { return .sixel }
            return nil
        }
    }

    /// `pixbuf` drawn within `cells`, keeping its aspect ratio; ends with a newline.
    static func render(_ pixbuf: Pixbuf, output: ImageOutput, cells: RenderContext.CellSize,
                       environment: [String: String]) -> String {
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }

        var columns = gint(max(cells.columns, 1))
        var rows = gint(max(cells.rows, 1))
        // Cells are about twice as tall as wide.
        chafa_calc_canvas_geometry(gint(pixbuf.width), gint(pixbuf.height), &columns, &rows, 0.5, 1, 0)
        chafa_canvas_config_set_geometry(config, max(columns, 1), max(rows, 1))
        chafa_canvas_config_set_canvas_mode(config, canvasMode(output.colors))
        chafa_canvas_config_set_pixel_mode(config, pixelMode(output.format))
        chafa_canvas_config_set_cell_geometry(config, 10, 20)

        let canvas = chafa_canvas_new(config)
        defer { chafa_canvas_unref(canvas) }
        pixbuf.withPixels { pixels, rowstride, hasAlpha in
            chafa_canvas_draw_all_pixels(canvas, hasAlpha ? CHAFA_PIXEL_RGBA8_UNASSOCIATED : CHAFA_PIXEL_RGB8,
                                         pixels, gint(pixbuf.width), gint(pixbuf.height), gint(rowstride))
        }
        var text = withTermInfo(environment: environment, supplemented: true) { info in
            guard let printed = chafa_canvas_print(canvas, info) else { return "" }
            defer { g_string_free(printed, 1) }
            return String(cString: printed.pointee.str)
        }
        if output.tmuxPassthrough {
            // DCS passthrough: ESC P tmux; <sequence with each ESC doubled> ESC \
            text = "\u{1B}Ptmux;" + text.replacingEscapes() + "\u{1B}\\"
        }
        return text + "\n"
    }

    private static func canvasMode(_ colors: ColorDepth) -> ChafaCanvasMode {
        switch colors {
        case .truecolor: CHAFA_CANVAS_MODE_TRUECOLOR
        case .indexed256: CHAFA_CANVAS_MODE_INDEXED_240
        case .indexed16: CHAFA_CANVAS_MODE_INDEXED_16
        case .none: CHAFA_CANVAS_MODE_FGBG
        }
    }

    private static func pixelMode(_ format: ImageFormat) -> ChafaPixelMode {
        switch format {
        case .symbols: CHAFA_PIXEL_MODE_SYMBOLS
        case .sixel: CHAFA_PIXEL_MODE_SIXELS
        case .kitty: CHAFA_PIXEL_MODE_KITTY
        case .iterm: CHAFA_PIXEL_MODE_ITERM2
        }
    }

    /// Runs `body` with the terminal chafa detects from `environment`; `supplemented` fills in
    /// the sequences a forced format needs that the detected terminal lacks.
    private static func withTermInfo<Result>(environment: [String: String], supplemented: Bool,
                                             _ body: (OpaquePointer?) -> Result) -> Result {
        var entries = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { entries.forEach { free($0) } }
        let database = chafa_term_db_get_default()
        let info = entries.withUnsafeMutableBufferPointer { chafa_term_db_detect(database, $0.baseAddress) }
        defer { chafa_term_info_unref(info) }
        if supplemented, let fallback = chafa_term_db_get_fallback_info(database) {
            chafa_term_info_supplement(info, fallback)
            chafa_term_info_unref(fallback)
        }
        return body(info)
    }
}

extension String {
    fileprivate func replacingEscapes() -> String {
        var result = ""
        result.reserveCapacity(utf8.count + 64)
        for character in unicodeScalars {
            if character == "\u{1B}" { result.unicodeScalars.append("\u{1B}") }
            result.unicodeScalars.append(character)
        }
        return result
    }
}
