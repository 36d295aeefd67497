#ifndef LOADRUN_CJQ_H
#define LOADRUN_CJQ_H

#include <stddef.h>

/* jq's language, run by libjq itself (Debian's libjq1, jq 1.6), behind a wrapper that opens the
 * library when the first program needs it.
 *
 * Why dlopen: most runs never filter, and libjq brings oniguruma; linking both would cost every
 * run their loading. This header shows none of jq's own, so no module that imports it needs
 * them. */

/* A compiled program: a worker process of its own (loadrun's binary started again) that holds
 * libjq's state and runs the program, so that a run can be ended at once and its memory
 * bounded without loadrun's. A worker that ended is started again for the next run. One run
 * at a time. Opaque. */
typedef struct lr_jq lr_jq;

/* The most memory a run may take beyond what its worker held before it: 512 MiB, and 16 bytes
 * for each byte of its input (libjq holds a parsed document in some 10 times its text). Past
 * it the run ends with a failure that says so. */
size_t lr_jq_memory_bound(size_t input_size);

/* Ends the run in progress on `jq` at once, from any thread: its worker is killed, and the run
 * returns "it was stopped". Asked before the next run has begun (its thread not yet in
 * `lr_jq_run`), that run returns so at once: the stop stands until `lr_jq_forget_stop`. */
void lr_jq_stop(lr_jq *jq);

/* Forgets a stop asked of `jq` (`lr_jq_stop`) once the run it was for has ended, so that the
 * next run goes ahead. */
void lr_jq_forget_stop(lr_jq *jq);

/* Opens libjq once; NULL when it is ready, else the dynamic loader's reason. Call it first. */
const char *lr_jq_open(void);

/* A named argument of a program, as jq's `--arg NAME VALUE` (`is_json` 0: `$NAME` is the
 * string of `length` bytes at `value`) or `--argjson NAME JSON` (`is_json` 1: the JSON value
 * that text is; check it first with lr_jq_json_problem). */
typedef struct {
    const char *name;
    const char *value;
    size_t length;
    int is_json;
} lr_jq_arg;

/* Compiles `program` with the `count` named arguments at `args` bound as `$NAME`, and `$ARGS`
 * as the jq binary binds it (`{"positional": [], "named": {NAME: value, …}}`). `confined`
 * nonzero: `$ENV` and `env` are `{}`, and `input_filename` and the search paths null, for a
 * program from a file someone else could write. NULL when it does not compile, with jq's own
 * messages in `*error` (`jq: error: syntax error, … jq: 1 compile error`; free it with
 * lr_jq_free_text). */
lr_jq *lr_jq_compile(const char *program, const lr_jq_arg *args, size_t count, int confined, char **error);

/* NULL when the `length` bytes of `text` (NUL-terminated) are one JSON value, as libjq reads
 * one; else libjq's words for what is wrong (free them with lr_jq_free_text). */
char *lr_jq_json_problem(const char *text, size_t length);
void lr_jq_free(lr_jq *jq);

/* Called with each result, as compact JSON (what `jq -c` prints), in order; nonzero stops the
 * run there (its taker wants no more: the reader left, or the results outgrew their bound). */
typedef int (*lr_jq_emit)(void *info, const char *json, size_t length);

/* Runs the program on each JSON value in the `size` bytes of `input` (one document, or JSON
 * Lines), as `jq` does with its input: `input` and `inputs` read on from the value after the
 * one being run on. `note` gets what `debug` says (`["DEBUG:",VALUE]`), with `info` as `emit`
 * does (what it returns is not read). NULL when every value ran, or `emit` stopped the run; else, after the results that came before it, what went
 * wrong: jq's message for a runtime error (`Cannot index object with number`), or why the
 * input is not JSON. Free it with lr_jq_free_text. */
char *lr_jq_run(lr_jq *jq, const char *input, size_t size, lr_jq_emit emit, lr_jq_emit note, void *info);

/* Gives a run its input a piece at a time (see lr_jq_run_fed), waiting for the next where it
   must: 1 with the next `*length` bytes at `*bytes`, which stay valid until the next call; 0
   once the input has ended whole; -1 when it never will (the body failed): the run stops. */
typedef int (*lr_jq_feed)(void *feed_info, const char **bytes, size_t *length);

/* lr_jq_run on an input given piece by piece, as it arrives: libjq's parser reads each piece
   as it comes (a value may span pieces), and the program runs on each value once it is
   whole. A dropped input ends the run with a failure that says so. */
char *lr_jq_run_fed(lr_jq *jq, lr_jq_feed feed, void *feed_info, lr_jq_emit emit, lr_jq_emit note, void *info);

void lr_jq_free_text(char *text);

#endif
