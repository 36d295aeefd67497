/* The CJQ wrapper: libjq opened with dlopen on first use (see include/CJQ.h). */
#include "CJQ.h"

#include <dlfcn.h>
#include <jq.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libjq's functions. Most of those on a jv take it (free it): a jv used after one is passed
   through jv_copy first. jv_get_kind and jv_string_value only look. */
static struct {
    jq_state *(*init)(void);
    void (*set_error_cb)(jq_state *, jq_msg_cb, void *);
    void (*set_input_cb)(jq_state *, jq_input_cb, void *);
    void (*set_debug_cb)(jq_state *, jq_msg_cb, void *);
    int (*compile_args)(jq_state *, const char *, jv);
    void (*start)(jq_state *, jv, int);
    jv (*next)(jq_state *);
    void (*teardown)(jq_state **);
    int (*halted)(jq_state *);
    jv (*get_exit_code)(jq_state *);
    jv (*get_error_message)(jq_state *);
    double (*number_value)(jv);
    void (*set_attr)(jq_state *, jv, jv);
    jv (*string)(const char *);
    jv (*string_sized)(const char *, int);
    jv (*object)(void);
    jv (*object_set)(jv, jv, jv);
    jv (*parse_sized)(const char *, int);
    jv (*array)(void);
    jv (*invalid)(void);
    jv_kind (*get_kind)(jv);
    jv (*copy)(jv);
    void (*free)(jv);
    jv (*invalid_get_msg)(jv);
    int (*invalid_has_msg)(jv);
    const char *(*string_value)(jv);
    int (*string_length_bytes)(jv);
    jv (*dump_string)(jv, int);
    jv_parser *(*parser_new)(int);
    void (*parser_set_buf)(jv_parser *, const char *, int, int);
    jv (*parser_next)(jv_parser *);
    int (*array_length)(jv);
    jv (*array_get)(jv, int);
    void (*parser_free)(jv_parser *);
    /* Why it could not be opened, or NULL once it is ready. */
    const char *error;
} lib = { .error = "libjq was not opened" };

static pthread_once_t opened = PTHREAD_ONCE_INIT;
static char open_error[512];

#define FIND(field, name) (*(void **)&lib.field = dlsym(library, name)) != NULL

static void open_library(void) {
    /* It stays open for the life of the process, as a linked library would. */
    void *library = dlopen("libjq.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(open_error, sizeof open_error, "%s", reason ? reason : "dlopen(\"libjq.so.1\") failed");
        lib.error = open_error;
        return;
    }
    if (!(FIND(init, "jq_init") && FIND(set_error_cb, "jq_set_error_cb") && FIND(set_input_cb, "jq_set_input_cb")
          && FIND(set_debug_cb, "jq_set_debug_cb") && FIND(invalid, "jv_invalid") && FIND(compile_args, "jq_compile_args")
          && FIND(start, "jq_start") && FIND(next, "jq_next") && FIND(teardown, "jq_teardown") && FIND(halted, "jq_halted")
          && FIND(get_exit_code, "jq_get_exit_code") && FIND(get_error_message, "jq_get_error_message")
          && FIND(number_value, "jv_number_value")
          && FIND(set_attr, "jq_set_attr") && FIND(string, "jv_string") && FIND(array, "jv_array")
          && FIND(get_kind, "jv_get_kind") && FIND(copy, "jv_copy") && FIND(free, "jv_free")
          && FIND(invalid_get_msg, "jv_invalid_get_msg") && FIND(invalid_has_msg, "jv_invalid_has_msg")
          && FIND(string_value, "jv_string_value") && FIND(string_length_bytes, "jv_string_length_bytes")
          && FIND(dump_string, "jv_dump_string") && FIND(parser_new, "jv_parser_new")
          && FIND(parser_set_buf, "jv_parser_set_buf") && FIND(parser_next, "jv_parser_next")
          && FIND(parser_free, "jv_parser_free") && FIND(array_length, "jv_array_length")
          && FIND(array_get, "jv_array_get") && FIND(string_sized, "jv_string_sized") && FIND(object, "jv_object")
          && FIND(object_set, "jv_object_set") && FIND(parse_sized, "jv_parse_sized"))) {
        lib.error = "libjq.so.1 lacks a function loadrun calls";
        return;
    }
    lib.error = NULL;
}

const char *lr_jq_open(void) {
    pthread_once(&opened, open_library);
    return lib.error;
}

/* What libjq said, gathered line by line. */
struct messages {
    char *text;
    size_t length;
};

static void add_message(struct messages *messages, const char *line, size_t length) {
    char *grown = realloc(messages->text, messages->length + length + 2);
    if (grown == NULL) return;
    messages->text = grown;
    if (messages->length > 0) messages->text[messages->length++] = '\n';
    memcpy(messages->text + messages->length, line, length);
    messages->length += length;
    messages->text[messages->length] = '\0';
}

/* libjq's error callback: it owns the message it is given. */
static void collect_error(void *data, jv message) {
    struct messages *messages = data;
    if (lib.get_kind(message) == JV_KIND_STRING) {
        add_message(messages, lib.string_value(message), (size_t)lib.string_length_bytes(lib.copy(message)));
        lib.free(message);
    } else {
        jv text = lib.dump_string(message, 0);
        add_message(messages, lib.string_value(text), (size_t)lib.string_length_bytes(lib.copy(text)));
        lib.free(text);
    }
}

/* What one run reads and says: its parser, which `input` and `inputs` read on from as jq's
   do, and where `debug`'s messages go. */
struct run {
    jv_parser *parser;
    lr_jq_emit note;
    void *info;
};

/* A buffer reused for results' compact JSON. */
struct buffer {
    char *bytes;
    size_t capacity;
};

struct lr_jq {
    jq_state *state;
    struct messages messages;
    /* The run in progress, for the callbacks; NULL between runs. */
    struct run *run;
    /* Where each plain string result is put between quotes, kept from run to run: freed at
       the end of a run, it was the free that made glibc consolidate every small block the
       run's values had freed (32 M instructions after a hundred thousand titles). */
    struct buffer results;
};

/* `input` and `inputs`: the next value of the run's input, or none (jq says "No more
   inputs"). libjq 1.6's jq_init leaves this callback unset, and a call through it crashed. */
static jv next_input(jq_state *state, void *data) {
    (void)state;
    lr_jq *jq = data;
    if (jq->run == NULL) return lib.invalid();
    return lib.parser_next(jq->run->parser);
}

/* What `stderr` is made to say through `debug`: libjq 1.6's own `stderr` writes its value to
   fd 2 itself, with a server's C1 and bidi characters raw, and has no callback. Each program
   is compiled after `def stderr:` (see `stderr_prelude`), which passes its value to `debug`
   in an array marked with this, on the same line, so that jq's line numbers stay. */
static const char stderr_mark[] = " loadrun:stderr";
static const char stderr_prelude[] = "def stderr: [\" loadrun:stderr\", .] | debug | .[1]; ";

/* The value `stderr` was given, when `value` is what the prelude's `stderr` handed `debug`;
   else JV_INVALID. It takes `value`. */
static jv stderr_value(jv value) {
    if (lib.get_kind(value) != JV_KIND_ARRAY || lib.array_length(lib.copy(value)) != 2) {
        lib.free(value);
        return lib.invalid();
    }
    jv mark = lib.array_get(lib.copy(value), 0);
    int marked = lib.get_kind(mark) == JV_KIND_STRING && strcmp(lib.string_value(mark), stderr_mark) == 0;
    lib.free(mark);
    if (!marked) {
        lib.free(value);
        return lib.invalid();
    }
    return lib.array_get(value, 1);
}

/* `debug`: `["DEBUG:",VALUE]` on one line, as the jq binary writes it, handed to the caller,
   which says it made inert; and what `stderr` says, as compact JSON, as jq 1.6 writes it.
   libjq 1.6 leaves this callback unset too. */
static void debug_message(void *data, jv value) {
    lr_jq *jq = data;
    jv said = stderr_value(lib.copy(value));
    if (lib.get_kind(said) != JV_KIND_INVALID) {
        lib.free(value);
        jv text = lib.dump_string(said, 0);
        if (jq->run != NULL && jq->run->note != NULL) {
            jq->run->note(jq->run->info, lib.string_value(text), (size_t)lib.string_length_bytes(lib.copy(text)));
        }
        lib.free(text);
        return;
    }
    lib.free(said);
    jv text = lib.dump_string(value, 0);
    if (jq->run != NULL && jq->run->note != NULL) {
        const char *json = lib.string_value(text);
        size_t length = (size_t)lib.string_length_bytes(lib.copy(text));
        char *line = malloc(length + sizeof "[\"DEBUG:\",]");
        if (line != NULL) {
            int written = snprintf(line, length + sizeof "[\"DEBUG:\",]", "[\"DEBUG:\",%s]", json);
            if (written > 0) jq->run->note(jq->run->info, line, (size_t)written);
            free(line);
        }
    }
    lib.free(text);
}

/* The JSON text `text` (`length` bytes) as one value, or JV_INVALID with libjq's message. */
static jv parse_one(const char *text, size_t length) {
    if (length > 0x7fffffff) return lib.invalid();
    return lib.parse_sized(text, (int)length);
}

char *lr_jq_json_problem(const char *text, size_t length) {
    if (lib.error) return strdup(lib.error);
    jv value = parse_one(text, length);
    if (lib.get_kind(value) != JV_KIND_INVALID) {
        lib.free(value);
        return NULL;
    }
    if (!lib.invalid_has_msg(lib.copy(value))) {
        lib.free(value);
        return strdup("it is not one JSON value");
    }
    jv message = lib.invalid_get_msg(value);
    char *out = strdup(lib.get_kind(message) == JV_KIND_STRING ? lib.string_value(message) : "it is not JSON");
    lib.free(message);
    return out;
}

/* The program's `$NAME`s as jq_compile_args takes them, as the jq binary builds them: each
   name's value, and `$ARGS`, `{"positional": [], "named": {…}}`. Made anew for each compiled
   state: libjq 1.6 counts a jv's references without atomics, so no value may be shared by two
   states that run on two threads. A JSON value that does not parse (the caller checks each
   with lr_jq_json_problem first) is bound as null rather than failing the compile. */
static jv program_arguments(const lr_jq_arg *args, size_t count) {
    jv named = lib.object();
    for (size_t index = 0; index < count; index++) {
        const lr_jq_arg *arg = &args[index];
        jv value;
        if (arg->is_json) {
            value = parse_one(arg->value, arg->length);
            if (lib.get_kind(value) == JV_KIND_INVALID) {
                lib.free(value);
                value = lib.parse_sized("null", 4);
            }
        } else {
            value = lib.string_sized(arg->value, arg->length > 0x7fffffff ? 0x7fffffff : (int)arg->length);
        }
        named = lib.object_set(named, lib.string(arg->name), value);
    }
    jv all = lib.object();
    all = lib.object_set(all, lib.string("positional"), lib.array());
    all = lib.object_set(all, lib.string("named"), lib.copy(named));
    return lib.object_set(named, lib.string("ARGS"), all);
}

lr_jq *lr_jq_compile(const char *program, const lr_jq_arg *args, size_t count, char **error) {
    *error = NULL;
    if (lib.error) {
        *error = strdup(lib.error);
        return NULL;
    }
    lr_jq *jq = calloc(1, sizeof *jq);
    if (jq == NULL) return NULL;
    jq->state = lib.init();
    if (jq->state == NULL) {
        free(jq);
        return NULL;
    }
    lib.set_error_cb(jq->state, collect_error, &jq->messages);
    lib.set_input_cb(jq->state, next_input, jq);
    lib.set_debug_cb(jq->state, debug_message, jq);
    /* No module directories: `import` and `include` find nothing (jq says so) and read no file.
       libjq needs the three set, which the jq binary always sets: without them it fails an
       assertion on the first `import`. */
    lib.set_attr(jq->state, lib.string("JQ_LIBRARY_PATH"), lib.array());
    lib.set_attr(jq->state, lib.string("JQ_ORIGIN"), lib.string("/nonexistent/loadrun-jq"));
    lib.set_attr(jq->state, lib.string("PROGRAM_ORIGIN"), lib.string("/nonexistent/loadrun-jq"));
    /* With `stderr` made to say through `debug`. A program that does not compile so is
       compiled as written, for jq's own words about it; one that compiles only so (it begins
       with a module directive, which must come first) is refused: its `stderr` would be
       libjq's own. */
    size_t length = strlen(program);
    char *prefixed = malloc(sizeof stderr_prelude + length);
    if (prefixed == NULL) {
        lr_jq_free(jq);
        return NULL;
    }
    memcpy(prefixed, stderr_prelude, sizeof stderr_prelude - 1);
    memcpy(prefixed + sizeof stderr_prelude - 1, program, length + 1);
    jv arguments = program_arguments(args, count);
    int compiled = lib.compile_args(jq->state, prefixed, lib.copy(arguments));
    free(prefixed);
    if (!compiled) {
        free(jq->messages.text);
        jq->messages.text = NULL;
        jq->messages.length = 0;
        int plain = lib.compile_args(jq->state, program, arguments);
        if (!plain) {
            *error = jq->messages.text ? jq->messages.text : strdup("jq: compile error");
            jq->messages.text = NULL;
            lr_jq_free(jq);
            return NULL;
        }
        *error = strdup("jq: a program that begins with a module directive is not taken; remove the `module` line");
        lr_jq_free(jq);
        return NULL;
    }
    lib.free(arguments);
    /* What compiling said (warnings) is not what running says. */
    free(jq->messages.text);
    jq->messages.text = NULL;
    jq->messages.length = 0;
    return jq;
}

void lr_jq_free(lr_jq *jq) {
    if (jq == NULL) return;
    if (jq->state) lib.teardown(&jq->state);
    free(jq->messages.text);
    free(jq->results.bytes);
    free(jq);
}

/* After `halt` or `halt_error`: NULL for a halt with status 0 (the run ends, as it went);
   else what `halt_error` said, as the jq binary writes it on stderr (a string raw, anything
   else as JSON), or its status. */
static char *halt_message(lr_jq *jq) {
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
static char *run_one(lr_jq *jq, jv value, struct buffer *buffer, lr_jq_emit emit, void *info, int *stopped) {
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

char *lr_jq_run(lr_jq *jq, const char *input, size_t size, lr_jq_emit emit, lr_jq_emit note, void *info) {
    if (lib.error) return strdup(lib.error);
    if (size > 0x7fffffff) return strdup("the input is larger than 2 GiB, more than libjq reads");
    jv_parser *parser = lib.parser_new(0);
    if (parser == NULL) return strdup("libjq could not make a parser");
    lib.parser_set_buf(parser, input, (int)size, 0);
    struct run run = { .parser = parser, .note = note, .info = info };
    jq->run = &run;
    char *failure = NULL;
    for (;;) {
        jv value = lib.parser_next(parser);
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
    jq->run = NULL;
    lib.parser_free(parser);
    return failure;
}

void lr_jq_free_text(char *text) { free(text); }
