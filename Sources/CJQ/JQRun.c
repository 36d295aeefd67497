/* The CJQ wrapper's runs in this process (the worker's): a compiled program on its input, given
   piece by piece as it arrives, its results handed out as compact JSON (see include/CJQ.h). */
#include "JQShared.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next value of the run's input: asks the feed for more while the parser needs it.
   JV_INVALID with no message once the input ended (or was dropped); with jq's message for
   input that is not JSON. */
static jv next_value(struct run *run) {
    for (;;) {
        jv value = lib.parser_next(run->parser);
        if (run->ended || lib.get_kind(value) != JV_KIND_INVALID || lib.invalid_has_msg(lib.copy(value))) return value;
        lib.free(value);
        const char *bytes = NULL;
        size_t length = 0;
        int more = run->feed(run->feed_info, &bytes, &length);
        if (more < 0 || length > 0x7fffffff) {
            run->dropped = 1;
            run->ended = 1;
            return lib.invalid();
        }
        /* The last piece is an empty one that is not partial: the parser then finishes the
           value it holds, or says what is unfinished, as at the end of a file. */
        run->ended = more == 0;
        lib.parser_set_buf(run->parser, more ? bytes : "", more ? (int)length : 0, !run->ended);
    }
}

/* `input` and `inputs`: the next value of the run's input, or none (jq says "No more
   inputs"). libjq 1.6's jq_init leaves this callback unset, and a call through it crashed. */
jv lr_jq_next_input(jq_state *state, void *data) {
    (void)state;
    struct lr_jq_state *jq = data;
    if (jq->run == NULL) return lib.invalid();
    return next_value(jq->run);
}

/* After `halt` or `halt_error`: NULL for a halt with status 0 (the run ends, as it went);
   else what `halt_error` said, as the jq binary writes it on stderr (a string raw, anything
   else as JSON), or its status. */
static char *halt_message(struct lr_jq_state *jq) {
    jv code = lib.get_exit_code(jq->state);
    int status = lib.get_kind(code) == JV_KIND_INVALID ? 0 : lib.get_kind(code) == JV_KIND_NUMBER ? (int)lib.number_value(code) : 5;
    lib.free(code);
    jv message = lib.get_error_message(jq->state);
    char *out = NULL;
    jv_kind kind = lib.get_kind(message);
    if (kind == JV_KIND_STRING) {
        out = strdup(lib.string_value(message));
        lib.free(message);
    } else if (kind != JV_KIND_INVALID && kind != JV_KIND_NULL) {
        jv text = lib.dump_string(message, 0);
        out = strdup(lib.string_value(text));
        lib.free(text);
    } else {
        lib.free(message);
    }
    if (status == 0 && out == NULL) return NULL;
    char *worded = malloc((out ? strlen(out) : 0) + 64);
    if (worded != NULL) {
        /* Its words, without the line break jq's own programs end them with. */
        size_t length = out ? strlen(out) : 0;
        while (length > 0 && out[length - 1] == '\n') length--;
        if (length > 0) sprintf(worded, "halt_error, status %d: %.*s", status, (int)length, out);
        else sprintf(worded, "halt_error, status %d", status);
    }
    free(out);
    return worded;
}

/* Whether any of the `count` bytes at `bytes` is one jv_dump_string escapes: `"`, `\\`, below
   0x20 or 0x7F. Eight bytes at a time (the classic has-zero-byte and has-less-than tricks):
   a byte at a time, with four tests each, this cost more than the rest of a title's way out. */
static int needs_escape(const unsigned char *bytes, size_t count) {
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    size_t index = 0;
    for (; index + 8 <= count; index += 8) {
        uint64_t word;
        memcpy(&word, bytes + index, 8);
        /* A byte below 0x20 or from 0x80: (byte - 0x20) borrows; bytes from 0x80 (UTF-8
           beyond ASCII, never escaped) are then let off by `~word`. */
        uint64_t below = (word - 0x20 * ones) & ~word & high;
        uint64_t quote = word ^ ('"' * ones), backslash = word ^ ('\\' * ones), del = word ^ (0x7f * ones);
        uint64_t equal = ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash) | ((del - ones) & ~del);
        if (below | (equal & high)) break;
    }
    /* The tail, and the word a test found something in (the tricks may flag a byte after
       the one that is really there, so the word is read again a byte at a time). */
    for (; index < count; index++) {
        unsigned char byte = bytes[index];
        if (byte < 0x20 || byte == '"' || byte == '\\' || byte == 0x7f) return 1;
    }
    return 0;
}

/* `string`'s compact JSON, as jv_dump_string writes it, when no byte of it needs escaping
   (none is `"`, `\`, below 0x20 or 0x7F): the bytes between quotes. libjq 1.6 dumps a string a
   character at a time, each appended on its own, which cost most of a run that gives a
   hundred thousand titles (the jq binary prints `-r` strings raw, never dumped). NULL for
   a string that needs escaping (jv_dump_string's work then) or when memory runs out. A jv
   string's other bytes are valid UTF-8 (libjq replaces bad bytes as it makes one), which
   jv_dump_string copies as they are. `string` is not taken. */
static const char *plain_string_json(jv string, struct buffer *buffer, size_t *length) {
    const unsigned char *bytes = (const unsigned char *)lib.string_value(string);
    size_t count = (size_t)lib.string_length_bytes(lib.copy(string));
    if (needs_escape(bytes, count)) return NULL;
    if (count + 2 > buffer->capacity) {
        size_t capacity = count + 2 > 2 * buffer->capacity ? count + 2 : 2 * buffer->capacity;
        char *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) return NULL;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    buffer->bytes[0] = '"';
    memcpy(buffer->bytes + 1, bytes, count);
    buffer->bytes[count + 1] = '"';
    *length = count + 2;
    return buffer->bytes;
}

/* Hands `result` (which it takes) to `emit` as compact JSON; returns what `emit` did. */
static int emit_result(jv result, struct buffer *buffer, lr_jq_emit emit, void *info) {
    size_t length = 0;
    const char *plain = lib.get_kind(result) == JV_KIND_STRING ? plain_string_json(result, buffer, &length) : NULL;
    if (plain != NULL) {
        lib.free(result);
        return emit(info, plain, length);
    }
    jv text = lib.dump_string(result, 0);
    int stop = emit(info, lib.string_value(text), (size_t)lib.string_length_bytes(lib.copy(text)));
    lib.free(text);
    return stop;
}

/* Runs the program on `value` (which it takes); NULL, or the message of the error that ended it.
   `*stopped` is set when `emit` stopped it. */
static char *run_one(struct lr_jq_state *jq, jv value, struct buffer *buffer, lr_jq_emit emit, void *info, int *stopped) {
    lib.start(jq->state, value, 0);
    jv result;
    while (lib.get_kind(result = lib.next(jq->state)) != JV_KIND_INVALID) {
        int stop = emit_result(result, buffer, emit, info);
        /* The taker wants no more: the run ends here, as a halt would. */
        if (stop) {
            *stopped = 1;
            return NULL;
        }
    }
    if (lib.halted(jq->state)) {
        lib.free(result);
        return halt_message(jq);
    }
    if (!lib.invalid_has_msg(lib.copy(result))) {
        lib.free(result);
        return NULL;
    }
    jv message = lib.invalid_get_msg(result);
    char *out;
    if (lib.get_kind(message) == JV_KIND_STRING) {
        out = strdup(lib.string_value(message));
        lib.free(message);
    } else {
        jv text = lib.dump_string(message, 0);
        size_t length = strlen(lib.string_value(text)) + sizeof " (not a string)";
        out = malloc(length);
        if (out) snprintf(out, length, "%s (not a string)", lib.string_value(text));
        lib.free(text);
    }
    return out;
}

char *lr_jq_state_run_fed(struct lr_jq_state *jq, lr_jq_feed feed, void *feed_info, lr_jq_emit emit, lr_jq_emit note, void *info) {
    if (lib.error) return strdup(lib.error);
    jv_parser *parser = lib.parser_new(0);
    if (parser == NULL) return strdup("libjq could not make a parser");
    struct run run = { .parser = parser, .feed = feed, .feed_info = feed_info, .note = note, .info = info };
    jq->run = &run;
    char *failure = NULL;
    for (;;) {
        jv value = next_value(&run);
        if (lib.get_kind(value) == JV_KIND_INVALID) {
            if (lib.invalid_has_msg(lib.copy(value))) {
                jv message = lib.invalid_get_msg(value);
                const char *text = lib.get_kind(message) == JV_KIND_STRING ? lib.string_value(message) : "invalid JSON";
                size_t length = strlen(text) + sizeof "the input is not JSON: ";
                failure = malloc(length);
                if (failure) snprintf(failure, length, "the input is not JSON: %s", text);
                lib.free(message);
            } else {
                lib.free(value);
            }
            break;
        }
        int stopped = 0;
        failure = run_one(jq, value, &jq->results, emit, info, &stopped);
        if (failure != NULL || stopped || lib.halted(jq->state)) break;
    }
    if (failure == NULL && run.dropped) failure = strdup("its input ended before the body did");
    jq->run = NULL;
    lib.parser_free(parser);
    return failure;
}

void lr_jq_free_text(char *text) { free(text); }
