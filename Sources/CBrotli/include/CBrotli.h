#ifndef LOADRUN_CBROTLI_H
#define LOADRUN_CBROTLI_H

#include <gio/gio.h>

/* A GConverter that decodes brotli (RFC 7932), for a GConverterInputStream as GIO's zlib
 * decompressor is used for gzip and deflate.
 *
 * Why: GIO has no brotli converter, and libsoup 3.2's own brotli decoder lets a body that does
 * not decode through as it came. A stream that does not decode is G_IO_ERROR_INVALID_DATA
 * ("Invalid compressed data"), one cut short G_IO_ERROR_PARTIAL_INPUT, and bytes after its
 * end G_IO_ERROR_INVALID_DATA too. Free with g_object_unref. */
GConverter *lr_brotli_decoder_new(void);

#endif
