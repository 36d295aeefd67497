/* The CJQ wrapper: libjq opened with dlopen on first use, and programs compiled in this
   process: the worker's (see JQShared.h; JQRun.c runs them). */
#include "JQShared.h"

#include <dlfcn.h>
#include <jq.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t opened = PTHREAD_ONCE_INIT;
static char open_error[512];

struct lr_jq_library lr_jq_lib = { .error = "libjq was not opened" };

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

/* What `stderr` is made to say through `debug`: libjq 1.6's own `stderr` writes its value to
   fd 2 itself, with a server's C1 and bidi characters raw, and has no callback. Each program
   is compiled after `def stderr:` (see `stderr_prelude`), which passes its value to `debug`
   in an array marked with this, on the same line, so that jq's line numbers stay. */
static const char stderr_mark[] = " loadrun:stderr";
static const char stderr_prelude[] = "def stderr: [\" loadrun:stderr\", .] | debug | .[1]; ";
/* What a confined program sees instead of the process's environment and file names: the
   builtins that reach them are shadowed, and `$ENV` rebound, for the whole program (an
   `as` binds to the end of the pipe, definitions included). On the same line, so that jq's
   line numbers stay. */
static const char confined_prelude[] = "def env: {}; def input_filename: null; def get_search_list: []; "
                                       "def get_prog_origin: null; def get_jq_origin: null; {} as $ENV | ";

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
    struct lr_jq_state *jq = data;
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

struct lr_jq_state *lr_jq_state_compile(const char *program, const lr_jq_arg *args, size_t count, int confined, char **error) {
    *error = NULL;
    if (lib.error) {
        *error = strdup(lib.error);
        return NULL;
    }
    struct lr_jq_state *jq = calloc(1, sizeof *jq);
    if (jq == NULL) return NULL;
    jq->state = lib.init();
    if (jq->state == NULL) {
        free(jq);
        return NULL;
    }
    lib.set_error_cb(jq->state, collect_error, &jq->messages);
    lib.set_input_cb(jq->state, lr_jq_next_input, jq);
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
    size_t extra = confined ? sizeof confined_prelude - 1 : 0;
    char *prefixed = malloc(sizeof stderr_prelude + extra + length);
    if (prefixed == NULL) {
        lr_jq_state_free(jq);
        return NULL;
    }
    memcpy(prefixed, stderr_prelude, sizeof stderr_prelude - 1);
    if (confined) memcpy(prefixed + sizeof stderr_prelude - 1, confined_prelude, extra);
    memcpy(prefixed + sizeof stderr_prelude - 1 + extra, program, length + 1);
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
            lr_jq_state_free(jq);
            return NULL;
        }
        *error = strdup("jq: a program that begins with a module directive is not taken; remove the `module` line");
        lr_jq_state_free(jq);
        return NULL;
    }
    lib.free(arguments);
    /* What compiling said (warnings) is not what running says. */
    free(jq->messages.text);
    jq->messages.text = NULL;
    jq->messages.length = 0;
    return jq;
}

void lr_jq_state_free(struct lr_jq_state *jq) {
    if (jq == NULL) return;
    if (jq->state) lib.teardown(&jq->state);
    free(jq->messages.text);
    free(jq->results.bytes);
    free(jq);
}

