/* loadrun's side of its jq workers (JQWorker.c): each compiled program is a process that
   compiles and runs it, started from loadrun's own binary, so that a run can be ended at
   once (SIGKILL) and its memory bounded (RLIMIT_DATA) without loadrun's. A worker that died
   is started again for the next run. */
#define _GNU_SOURCE
#include "JQShared.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The word that makes loadrun's binary a jq worker. */
static const char worker_argument[] = "--lr-jq-worker";

/* Before anything else of the binary runs (glibc hands constructors the arguments): loadrun
   started as a worker serves it and never returns to Swift. */
__attribute__((constructor)) static void become_worker_if_asked(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc != 2 || argv == NULL || argv[1] == NULL || strcmp(argv[1], worker_argument) != 0) return;
    struct stat info;
    if (fstat(0, &info) != 0 || !S_ISSOCK(info.st_mode)) {
        fputs("loadrun: --lr-jq-worker is for loadrun to start its jq programs with, not an option\n", stderr);
        _exit(64);
    }
    lr_jq_worker_start();
    _exit(0);
}

size_t lr_jq_memory_bound(size_t input_size) {
    size_t base = (size_t)512 << 20;
    return input_size > (SIZE_MAX - base) / 16 ? SIZE_MAX : base + 16 * input_size;
}

struct lr_jq {
    pthread_mutex_t lock;
    /* The worker, or 0 once it has ended (it is started again for the next run). */
    pid_t pid;
    int channel;
    /* What the worker writes on its stderr (jq's own last words), read once it has ended. */
    int errors;
    int running;
    int stop_asked;
    /* The compile request, sent again to a worker started again. */
    char *request;
    size_t request_length;
};

/* Starts a worker and compiles the program in it; 0, or -1 with why in `*error`. */
static int start_worker(lr_jq *jq, char **error) {
    int channel[2], errors[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, channel) != 0) {
        *error = strdup("jq: no socket for its worker");
        return -1;
    }
    /* Non-blocking: a worker never waits on a stderr that loadrun reads only at its end. */
    if (pipe2(errors, O_CLOEXEC | O_NONBLOCK) != 0) {
        close(channel[0]);
        close(channel[1]);
        *error = strdup("jq: no pipe for its worker");
        return -1;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, channel[1], 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    char *argv[] = { "loadrun-jq", (char *)worker_argument, NULL };
    /* The binary's path as the kernel tells it: under valgrind, /proc/self/exe itself names
       valgrind's tool, where readlink of it names the program. /proc/self/exe when the file
       has gone (replaced by an upgrade during the run). */
    char path[4096];
    ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
    path[length > 0 ? length : 0] = '\0';
    if (length <= 0 || access(path, X_OK) != 0) snprintf(path, sizeof path, "/proc/self/exe");
    pid_t pid;
    int spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(channel[1]);
    close(errors[1]);
    if (spawned != 0) {
        close(channel[0]);
        close(errors[0]);
        char words[128];
        snprintf(words, sizeof words, "jq: its worker could not start (%s)", strerror(spawned));
        *error = strdup(words);
        return -1;
    }
    jq->pid = pid;
    jq->channel = channel[0];
    jq->errors = errors[0];
    char type;
    char *reply = NULL;
    size_t size = 0;
    if (lr_jq_send(jq->channel, LR_JQ_COMPILE, jq->request, jq->request_length) < 0
        || lr_jq_receive(jq->channel, &type, &reply, &size) < 0) {
        *error = strdup("jq: its worker ended before it compiled the program");
        return -1;
    }
    if (type != LR_JQ_COMPILED) {
        *error = type == LR_JQ_REFUSED ? reply : strdup("jq: compile error");
        if (type != LR_JQ_REFUSED) free(reply);
        return -1;
    }
    free(reply);
    return 0;
}

/* Ends the worker, if one runs, and reaps it; returns its wait status (0 when none ran).
   What it wrote on stderr is read into `said` (`size` bytes at most), once it has ended. */
static int end_worker(lr_jq *jq, char *said, size_t size) {
    int status = 0;
    if (jq->pid > 0) {
        kill(jq->pid, SIGKILL);
        close(jq->channel);
        while (waitpid(jq->pid, &status, 0) < 0 && errno == EINTR) {}
    }
    if (jq->errors >= 0) {
        ssize_t length = said && size > 0 ? read(jq->errors, said, size - 1) : 0;
        if (said && size > 0) said[length > 0 ? length : 0] = '\0';
        close(jq->errors);
    }
    jq->pid = 0;
    jq->channel = -1;
    jq->errors = -1;
    return status;
}

/* Appends a length and `length` bytes to the request being built. */
static int append_field(char **request, size_t *size, const void *bytes, size_t length) {
    if (length > UINT32_MAX) return -1;
    char *grown = realloc(*request, *size + 4 + length);
    if (grown == NULL) return -1;
    uint32_t field = (uint32_t)length;
    memcpy(grown + *size, &field, 4);
    if (length > 0) memcpy(grown + *size + 4, bytes, length);
    *request = grown;
    *size += 4 + length;
    return 0;
}

lr_jq *lr_jq_compile(const char *program, const lr_jq_arg *args, size_t count, int confined, char **error) {
    *error = NULL;
    lr_jq *jq = calloc(1, sizeof *jq);
    if (jq == NULL) return NULL;
    pthread_mutex_init(&jq->lock, NULL);
    jq->channel = jq->errors = -1;
    size_t size = 1;
    char *request = malloc(1);
    int built = request != NULL && count <= UINT32_MAX;
    if (built) {
        request[0] = confined ? 1 : 0;
        built = append_field(&request, &size, program, strlen(program)) == 0;
    }
    if (built) {
        /* The count, then each argument. */
        uint32_t number = (uint32_t)count;
        char *grown = realloc(request, size + 4);
        built = grown != NULL;
        if (built) {
            request = grown;
            memcpy(request + size, &number, 4);
            size += 4;
        }
    }
    for (size_t index = 0; built && index < count; index++) {
        built = append_field(&request, &size, args[index].name, strlen(args[index].name)) == 0
            && append_field(&request, &size, args[index].value, args[index].length) == 0;
        if (built) {
            char *grown = realloc(request, size + 1);
            built = grown != NULL;
            if (built) {
                request = grown;
                request[size++] = args[index].is_json ? 1 : 0;
            }
        }
    }
    jq->request = request;
    jq->request_length = size;
    if (!built || start_worker(jq, error) != 0) {
        if (*error == NULL) *error = strdup("jq: out of memory");
        lr_jq_free(jq);
        return NULL;
    }
    return jq;
}

/* Why the worker ended during a run that was fed `fed` bytes, in loadrun's words. */
static char *ending_words(lr_jq *jq, size_t fed, int stopped) {
    char said[2048] = "";
    int status = end_worker(jq, said, sizeof said);
    if (stopped) return strdup("it was stopped");
    char words[2400];
    if (strstr(said, "cannot allocate memory") != NULL) {
        snprintf(words, sizeof words, "it needed more than the %zu MiB of memory loadrun gives a jq program on this input (512 MiB, and 16 bytes for each of its %zu bytes)",
                 lr_jq_memory_bound(fed) >> 20, fed);
    } else if (WIFSIGNALED(status)) {
        snprintf(words, sizeof words, "jq's process ended with signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
    } else {
        snprintf(words, sizeof words, "jq's process ended unasked (status %d)", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    return strdup(words);
}

/* Asks the worker for a run, starting one first when none runs; with the lock held. 1 when
   the run went to a worker that was already running, 0 to a new one, -1 with `*error`. */
static int begin_run(lr_jq *jq, char **error) {
    if (jq->pid != 0 && lr_jq_send(jq->channel, LR_JQ_RUN, NULL, 0) == 0) return 1;
    end_worker(jq, NULL, 0);
    if (start_worker(jq, error) != 0 || lr_jq_send(jq->channel, LR_JQ_RUN, NULL, 0) != 0) {
        end_worker(jq, NULL, 0);
        if (*error == NULL) *error = strdup("jq: its worker could not start");
        return -1;
    }
    return 0;
}

char *lr_jq_run_fed(lr_jq *jq, lr_jq_feed feed, void *feed_info, lr_jq_emit emit, lr_jq_emit note, void *info) {
    pthread_mutex_lock(&jq->lock);
    /* Stopped before it began: the stop stands for this run (see lr_jq_stop). */
    if (jq->stop_asked) {
        pthread_mutex_unlock(&jq->lock);
        return strdup("it was stopped");
    }
    char *error = NULL;
    /* A worker that ended between runs (the system's OOM killer, say) is started again. */
    int reused = begin_run(jq, &error);
    if (reused < 0) {
        pthread_mutex_unlock(&jq->lock);
        return error;
    }
    jq->running = 1;
    pthread_mutex_unlock(&jq->lock);
    size_t fed = 0;
    char *failure = NULL;
    int ended = 0;
    int emitted_stop = 0;
    int received = 0;
    while (!ended) {
        char type;
        char *bytes = NULL;
        size_t length = 0;
        if (lr_jq_receive(jq->channel, &type, &bytes, &length) < 0) {
            /* A worker that was dying as the run was asked of it took the request into a
               socket it never read: nothing of the input has gone yet, so the run goes once
               to a new worker, as it would have had the death come a moment sooner. */
            pthread_mutex_lock(&jq->lock);
            int again = reused == 1 && !received && !jq->stop_asked;
            if (again) {
                end_worker(jq, NULL, 0);
                reused = begin_run(jq, &error);
                if (reused < 0) {
                    jq->running = 0;
                    pthread_mutex_unlock(&jq->lock);
                    return error;
                }
            }
            pthread_mutex_unlock(&jq->lock);
            if (again) continue;
            break;
        }
        received = 1;
        switch (type) {
        case LR_JQ_MORE: {
            const char *piece = NULL;
            size_t size = 0;
            int more = feed(feed_info, &piece, &size);
            int sent = more > 0 ? lr_jq_send(jq->channel, LR_JQ_PIECE, piece, size)
                                : lr_jq_send(jq->channel, more == 0 ? LR_JQ_END : LR_JQ_DROPPED, NULL, 0);
            if (more > 0) fed += size;
            if (sent < 0) ended = 1;
            break;
        }
        case LR_JQ_RESULT:
            /* The taker wants no more: the run ends here, its worker with it. */
            if (emit(info, bytes, length)) emitted_stop = ended = 1;
            break;
        case LR_JQ_NOTE:
            if (note != NULL) note(info, bytes, length);
            break;
        case LR_JQ_DONE:
            failure = length > 1 && bytes[0] == '1' ? strdup(bytes + 1) : NULL;
            free(bytes);
            pthread_mutex_lock(&jq->lock);
            jq->running = 0;
            pthread_mutex_unlock(&jq->lock);
            return failure;
        default:
            ended = 1;
        }
        free(bytes);
    }
    pthread_mutex_lock(&jq->lock);
    jq->running = 0;
    char *words = emitted_stop ? (end_worker(jq, NULL, 0), NULL) : ending_words(jq, fed, jq->stop_asked);
    pthread_mutex_unlock(&jq->lock);
    return words;
}

/* The whole input as one piece. */
struct whole {
    const char *input;
    size_t size;
    int given;
};

static int feed_whole(void *info, const char **bytes, size_t *length) {
    struct whole *whole = info;
    if (whole->given) return 0;
    whole->given = 1;
    *bytes = whole->input;
    *length = whole->size;
    return 1;
}

char *lr_jq_run(lr_jq *jq, const char *input, size_t size, lr_jq_emit emit, lr_jq_emit note, void *info) {
    if (size > 0x7fffffff) return strdup("the input is larger than 2 GiB, more than libjq reads");
    struct whole whole = { .input = input, .size = size };
    return lr_jq_run_fed(jq, feed_whole, &whole, emit, note, info);
}

void lr_jq_stop(lr_jq *jq) {
    pthread_mutex_lock(&jq->lock);
    jq->stop_asked = 1;
    if (jq->running && jq->pid > 0) kill(jq->pid, SIGKILL);
    pthread_mutex_unlock(&jq->lock);
}

void lr_jq_forget_stop(lr_jq *jq) {
    pthread_mutex_lock(&jq->lock);
    jq->stop_asked = 0;
    pthread_mutex_unlock(&jq->lock);
}

void lr_jq_free(lr_jq *jq) {
    if (jq == NULL) return;
    end_worker(jq, NULL, 0);
    pthread_mutex_destroy(&jq->lock);
    free(jq->request);
    free(jq);
}
