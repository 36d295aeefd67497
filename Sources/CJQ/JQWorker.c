/* The jq worker: a process of its own (loadrun started again as `loadrun-jq --lr-jq-worker`,
   see JQClient.c), where libjq compiles and runs one program on the inputs loadrun sends.
   libjq 1.6 cannot be interrupted, has no bound on recursion, and aborts when an allocation
   fails; here a program that runs for ever is killed by loadrun, and one that takes too much
   memory meets this process's RLIMIT_DATA and ends alone. */
#define _GNU_SOURCE
#include "JQShared.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* What a run has been given so far, and what its memory is bound to. */
struct worker_run {
    int channel;
    char *piece;
    size_t fed;
    size_t data_at_start;
};

/* This process's data segment and private mappings (`VmData`), what RLIMIT_DATA bounds. */
static size_t data_size(void) {
    FILE *status = fopen("/proc/self/status", "re");
    if (status == NULL) return 0;
    char line[256];
    size_t kib = 0;
    while (fgets(line, sizeof line, status) != NULL) {
        if (strncmp(line, "VmData:", 7) == 0) {
            kib = (size_t)strtoull(line + 7, NULL, 10);
            break;
        }
    }
    fclose(status);
    return kib * 1024;
}

/* The run may use the memory it had at its start and its bound for what it was fed. */
static void bound_memory(const struct worker_run *run) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_DATA, &limit) != 0) return;
    rlim_t wanted = (rlim_t)(run->data_at_start + lr_jq_memory_bound(run->fed));
    if (limit.rlim_max != RLIM_INFINITY && wanted > limit.rlim_max) wanted = limit.rlim_max;
    limit.rlim_cur = wanted;
    setrlimit(RLIMIT_DATA, &limit);
}

static void unbound_memory(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_DATA, &limit) != 0) return;
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_DATA, &limit);
}

/* loadrun went away: nothing is left to do. */
static void _Noreturn gone(void) { _exit(0); }

/* The next piece, asked of loadrun once libjq's parser has used the last. */
static int feed_from_channel(void *info, const char **bytes, size_t *length) {
    struct worker_run *run = info;
    free(run->piece);
    run->piece = NULL;
    if (lr_jq_send(run->channel, LR_JQ_MORE, NULL, 0) < 0) gone();
    char type;
    char *data;
    size_t size;
    if (lr_jq_receive(run->channel, &type, &data, &size) < 0) gone();
    if (type == LR_JQ_PIECE) {
        run->fed += size;
        bound_memory(run);
        run->piece = data;
        *bytes = data;
        *length = size;
        return 1;
    }
    free(data);
    return type == LR_JQ_END ? 0 : -1;
}

static int send_result(void *info, const char *json, size_t length) {
    struct worker_run *run = info;
    if (lr_jq_send(run->channel, LR_JQ_RESULT, json, length) < 0) gone();
    return 0;
}

static int send_note(void *info, const char *text, size_t length) {
    struct worker_run *run = info;
    if (lr_jq_send(run->channel, LR_JQ_NOTE, text, length) < 0) gone();
    return 0;
}

/* Reads a 4-byte length and that many bytes from `*at` (before `end`); NULL past the end. */
static const char *take_field(const char **at, const char *end, size_t *length) {
    uint32_t size;
    if (end - *at < 4) return NULL;
    memcpy(&size, *at, 4);
    *at += 4;
    if ((size_t)(end - *at) < size) return NULL;
    const char *field = *at;
    *at += size;
    *length = size;
    return field;
}

/* The program the compile request in `bytes` names, compiled; or NULL with why. */
static struct lr_jq_state *compile_request(const char *bytes, size_t size, char **error) {
    const char *at = bytes, *end = bytes + size;
    if (size < 1) return NULL;
    int confined = *at++ != 0;
    size_t length;
    const char *program = take_field(&at, end, &length);
    uint32_t count;
    if (program == NULL || end - at < 4) return NULL;
    memcpy(&count, at, 4);
    at += 4;
    char *text = strndup(program, length);
    lr_jq_arg *args = calloc(count ? count : 1, sizeof *args);
    char **names = calloc(count ? count : 1, sizeof *names);
    struct lr_jq_state *jq = NULL;
    if (text == NULL || args == NULL || names == NULL) goto done;
    for (uint32_t index = 0; index < count; index++) {
        size_t name_length, value_length;
        const char *name = take_field(&at, end, &name_length);
        const char *value = name ? take_field(&at, end, &value_length) : NULL;
        if (value == NULL || at >= end) goto done;
        names[index] = strndup(name, name_length);
        if (names[index] == NULL) goto done;
        args[index] = (lr_jq_arg){ .name = names[index], .value = value, .length = value_length, .is_json = *at++ != 0 };
    }
    jq = lr_jq_state_compile(text, args, count, confined, error);
done:
    for (uint32_t index = 0; names != NULL && index < count; index++) free(names[index]);
    free(names);
    free(args);
    free(text);
    return jq;
}

void lr_jq_worker_serve(int channel) {
    const char *missing = lr_jq_open();
    struct lr_jq_state *jq = NULL;
    for (;;) {
        char type;
        char *bytes;
        size_t size;
        if (lr_jq_receive(channel, &type, &bytes, &size) < 0) gone();
        if (type == LR_JQ_COMPILE && missing != NULL) {
            char words[640];
            snprintf(words, sizeof words, "jq programs need libjq, which cannot be loaded (%s); install libjq1", missing);
            if (lr_jq_send(channel, LR_JQ_REFUSED, words, strlen(words)) < 0) gone();
        } else if (type == LR_JQ_COMPILE) {
            char *error = NULL;
            if (jq != NULL) lr_jq_state_free(jq);
            jq = compile_request(bytes, size, &error);
            const char *words = error ? error : "jq: compile error";
            int sent = jq ? lr_jq_send(channel, LR_JQ_COMPILED, NULL, 0) : lr_jq_send(channel, LR_JQ_REFUSED, words, strlen(words));
            free(error);
            if (sent < 0) gone();
        } else if (type == LR_JQ_RUN && jq != NULL) {
            struct worker_run run = { .channel = channel, .data_at_start = data_size() };
            bound_memory(&run);
            char *failure = lr_jq_state_run_fed(jq, feed_from_channel, &run, send_result, send_note, &run);
            free(run.piece);
            unbound_memory();
            const char *flag = failure ? "1" : "0";
            const void *parts[] = { flag, failure ? failure : "" };
            size_t lengths[] = { 1, failure ? strlen(failure) : 0 };
            int sent = lr_jq_send_parts(channel, LR_JQ_DONE, parts, lengths, 2);
            free(failure);
            if (sent < 0) gone();
        } else {
            /* A message out of turn: loadrun and this worker no longer agree. */
            gone();
        }
        free(bytes);
    }
}

/* Watches the channel while libjq has the worker's one thread: once loadrun has gone (ended,
   or killed), a program that runs for ever must not run on alone. */
static void *watch_loadrun(void *unused) {
    (void)unused;
    struct pollfd channel = { .fd = 0, .events = POLLRDHUP };
    while (poll(&channel, 1, -1) < 0 && errno == EINTR) {}
    _exit(0);
}

/* Whether the process's data is near enough its bound (RLIMIT_DATA) for an allocation to have
   failed, looked at from a signal handler: only open, read and getrlimit, which are
   async-signal-safe. */
static int at_memory_bound(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_DATA, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 0;
    int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[4096];
    ssize_t length = read(fd, text, sizeof text - 1);
    close(fd);
    if (length <= 0) return 0;
    text[length] = '\0';
    const char *line = strstr(text, "VmData:");
    if (line == NULL) return 0;
    unsigned long long kib = 0;
    for (line += 7; *line == ' ' || *line == '\t'; line++) {}
    for (; *line >= '0' && *line <= '9'; line++) kib = kib * 10 + (unsigned long long)(*line - '0');
    /* What grows without end in libjq (its stack, an array) grows by doubling, and a failed
       doubling maps nothing: at half the bound, what failed was the allocation past it. */
    return 2 * kib * 1024 + ((unsigned long long)64 << 20) >= (unsigned long long)limit.rlim_cur;
}

/* libjq 1.6 aborts when an allocation fails, or crashes where it did not check one: either
   way, a worker at its bound says so for loadrun, in jq's own words, before it ends. */
static void crashed(int signal_number) {
    static const char words[] = "jq: error: cannot allocate memory\n";
    if (at_memory_bound()) {
        ssize_t written = write(2, words, sizeof words - 1);
        (void)written;
    }
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

void lr_jq_worker_start(void) {
    /* Ctrl-C reaches the whole process group: loadrun decides what it ends. */
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    /* An abort for want of memory leaves no core of hundreds of megabytes behind. */
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    /* On a stack of its own: a crash may be a stack that is full. */
    static char alternate[64 * 1024];
    stack_t stack = { .ss_sp = alternate, .ss_size = sizeof alternate };
    sigaltstack(&stack, NULL);
    struct sigaction action = { .sa_handler = crashed, .sa_flags = SA_ONSTACK | SA_RESETHAND };
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, NULL);
    sigaction(SIGBUS, &action, NULL);
    sigaction(SIGABRT, &action, NULL);
    pthread_t watcher;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, 64 * 1024);
    if (pthread_create(&watcher, &attributes, watch_loadrun, NULL) != 0) _exit(70);
    lr_jq_worker_serve(0);
}
