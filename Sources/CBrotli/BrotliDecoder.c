#include "CBrotli.h"

#include <brotli/decode.h>

#define LR_TYPE_BROTLI_DECODER (lr_brotli_decoder_get_type())
G_DECLARE_FINAL_TYPE(LrBrotliDecoder, lr_brotli_decoder, LR, BROTLI_DECODER, GObject)

struct _LrBrotliDecoder {
    GObject parent_instance;
    BrotliDecoderState *state;
    gboolean finished;
};

static void lr_brotli_decoder_converter_init(GConverterIface *iface);

G_DEFINE_TYPE_WITH_CODE(LrBrotliDecoder, lr_brotli_decoder, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_CONVERTER, lr_brotli_decoder_converter_init))

static void lr_brotli_decoder_finalize(GObject *object) {
    LrBrotliDecoder *self = LR_BROTLI_DECODER(object);
    BrotliDecoderDestroyInstance(self->state);
    G_OBJECT_CLASS(lr_brotli_decoder_parent_class)->finalize(object);
}

static void lr_brotli_decoder_class_init(LrBrotliDecoderClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = lr_brotli_decoder_finalize;
}

static void lr_brotli_decoder_init(LrBrotliDecoder *self) {
    self->state = BrotliDecoderCreateInstance(NULL, NULL, NULL);
    self->finished = FALSE;
}

static GConverterResult lr_brotli_decoder_convert(GConverter *converter, const void *inbuf, gsize inbuf_size, void *outbuf,
                                                  gsize outbuf_size, GConverterFlags flags, gsize *bytes_read,
                                                  gsize *bytes_written, GError **error) {
    LrBrotliDecoder *self = LR_BROTLI_DECODER(converter);
    *bytes_read = 0;
    *bytes_written = 0;
    if (self->finished) {
        if (inbuf_size > 0) {
            g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "Invalid compressed data (bytes after the end of the brotli stream)");
            return G_CONVERTER_ERROR;
        }
        return G_CONVERTER_FINISHED;
    }
    if (self->state == NULL) {
        g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_FAILED, "the brotli decoder could not be made");
        return G_CONVERTER_ERROR;
    }
    size_t available_in = inbuf_size;
    const uint8_t *next_in = inbuf;
    size_t available_out = outbuf_size;
    uint8_t *next_out = outbuf;
    BrotliDecoderResult result = BrotliDecoderDecompressStream(self->state, &available_in, &next_in, &available_out, &next_out, NULL);
    *bytes_read = inbuf_size - available_in;
    *bytes_written = outbuf_size - available_out;
    switch (result) {
    case BROTLI_DECODER_RESULT_SUCCESS:
        self->finished = TRUE;
        if (available_in > 0) {
            g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "Invalid compressed data (bytes after the end of the brotli stream)");
            return G_CONVERTER_ERROR;
        }
        return G_CONVERTER_FINISHED;
    case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
        if (*bytes_written == 0) {
            g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "Need more output space");
            return G_CONVERTER_ERROR;
        }
        return G_CONVERTER_CONVERTED;
    case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
        if (*bytes_read > 0 || *bytes_written > 0) return G_CONVERTER_CONVERTED;
        if (flags & G_CONVERTER_INPUT_AT_END) {
            g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT, "the brotli stream ended before its end");
        } else {
            /* GConverterInputStream reads more and calls again. */
            g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT, "Need more input");
        }
        return G_CONVERTER_ERROR;
    case BROTLI_DECODER_RESULT_ERROR:
    default:
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "Invalid compressed data (brotli: %s)",
                    BrotliDecoderErrorString(BrotliDecoderGetErrorCode(self->state)));
        return G_CONVERTER_ERROR;
    }
}

static void lr_brotli_decoder_reset(GConverter *converter) {
    LrBrotliDecoder *self = LR_BROTLI_DECODER(converter);
    BrotliDecoderDestroyInstance(self->state);
    self->state = BrotliDecoderCreateInstance(NULL, NULL, NULL);
    self->finished = FALSE;
}

static void lr_brotli_decoder_converter_init(GConverterIface *iface) {
    iface->convert = lr_brotli_decoder_convert;
    iface->reset = lr_brotli_decoder_reset;
}

GConverter *lr_brotli_decoder_new(void) {
    return G_CONVERTER(g_object_new(LR_TYPE_BROTLI_DECODER, NULL));
}
