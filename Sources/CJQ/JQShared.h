/* What the CJQ wrapper's files share (not part of its interface, include/CJQ.h): libjq's
   functions as opened, and a compiled program's state. JQ.c opens libjq and compiles; JQRun.c
   runs programs on their input. Both run in the worker process (JQWorker.c), which the
   loadrun process drives (JQClient.c): libjq cannot be stopped nor bounded inside a process
   it shares. */
#ifndef LOADRUN_CJQ_SHARED_H
#define LOADRUN_CJQ_SHARED_H

#include "CJQ.h"

#include <jq.h>
#include <stddef.h>

/* libjq's functions. Most of those on a jv take it (free it): a jv used after one is passed
   through jv_copy first. jv_get_kind and jv_string_value only look. */
struct lr_jq_library {
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
};

/* The one table of libjq's functions, filled by lr_jq_open (JQ.c). */
extern struct lr_jq_library lr_jq_lib __attribute__((visibility("hidden")));
#define lib lr_jq_lib

/* What libjq said, gathered line by line. */
struct messages {
    char *text;
    size_t length;
};

/* What one run reads and says: its parser, which `input` and `inputs` read on from as jq's
   do, and where `debug`'s messages go. */
struct run {
    jv_parser *parser;
    /* Where the input's pieces come from, and whether the last was given (the parser then
       ends the input) or the input will never end whole (the run stops). */
    lr_jq_feed feed;
    void *feed_info;
    int ended;
    int dropped;
    lr_jq_emit note;
    void *info;
};

/* A buffer reused for results' compact JSON. */
struct buffer {
    char *bytes;
    size_t capacity;
};

struct lr_jq_state {
    jq_state *state;
    struct messages messages;
    /* The run in progress, for the callbacks; NULL between runs. */
    struct run *run;
    /* Where each plain string result is put between quotes, kept from run to run: freed at
       the end of a run, it was the free that made glibc consolidate every small block the
       run's values had freed (32 M instructions after a hundred thousand titles). */
    struct buffer results;
};

#define HIDDEN __attribute__((visibility("hidden")))

/* A program compiled in this process (the worker's), as lr_jq_compile's are in the worker;
   NULL with jq's messages in `*error`. */
struct lr_jq_state *lr_jq_state_compile(const char *program, const lr_jq_arg *args, size_t count, int confined, char **error) HIDDEN;
/* A run in this process, as lr_jq_run_fed's are in the worker. */
char *lr_jq_state_run_fed(struct lr_jq_state *jq, lr_jq_feed feed, void *feed_info, lr_jq_emit emit, lr_jq_emit note, void *info) HIDDEN;
void lr_jq_state_free(struct lr_jq_state *jq) HIDDEN;

/* The worker's side (JQWorker.c): its signals, limits and watch on loadrun, then it answers
   the requests on its stdin until loadrun closes it. */
void lr_jq_worker_start(void) HIDDEN;
void lr_jq_worker_serve(int channel) HIDDEN;

/* The worker's messages, each a type byte, a 4-byte length (host order) and that many
   bytes. */
enum {
    LR_JQ_COMPILE = 'C', /* loadrun: confined byte, program, argument count (4), each argument: name, value, is_json byte */
    LR_JQ_COMPILED = 'K', /* worker: it compiled */
    LR_JQ_REFUSED = 'E', /* worker: jq's messages */
    LR_JQ_RUN = 'R', /* loadrun: a run starts; its pieces follow as the worker asks */
    LR_JQ_PIECE = 'P', /* loadrun: the next piece of input */
    LR_JQ_END = 'Z', /* loadrun: the input ended whole */
    LR_JQ_DROPPED = 'D', /* loadrun: the input will never end whole */
    LR_JQ_MORE = 'A', /* worker: it wants the next piece */
    LR_JQ_RESULT = 'r', /* worker: a result, compact JSON */
    LR_JQ_NOTE = 'n', /* worker: what debug said */
    LR_JQ_DONE = 'O', /* worker: the run ended, with the failure text if it has one */
};

/* Sends a message on `fd`; 0, or -1 when the other side is gone. */
int lr_jq_send(int fd, char type, const void *bytes, size_t length) HIDDEN;
/* Sends a message made of several parts. */
int lr_jq_send_parts(int fd, char type, const void *const *parts, const size_t *lengths, size_t count) HIDDEN;
/* Reads one message: its type, and its bytes in `*bytes` (malloc'd, NUL-terminated, the
   caller frees); -1 at the end of the channel or on an error. */
int lr_jq_receive(int fd, char *type, char **bytes, size_t *length) HIDDEN;

/* `input` and `inputs` (JQRun.c), set as libjq's input callback when a program is compiled. */
jv lr_jq_next_input(jq_state *state, void *data) __attribute__((visibility("hidden")));

#endif
