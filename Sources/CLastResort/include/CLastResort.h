#ifndef LOADRUN_CLAST_RESORT_H
#define LOADRUN_CLAST_RESORT_H

#include <stddef.h>

/* The last resort for ending a run (DESIGN, "Ending: never wait on a library"): raw signal
 * handlers that work when the main loop cannot run. They are plain C because a signal handler
 * may only call async-signal-safe functions, which Swift code cannot promise.
 *
 * lr_last_resort_watch chains a handler after GLib's own for `signal` (GLib's g_unix_signal
 * handler must be installed first: it still runs, so the loop hears of the signal as usual).
 * The first signal arms a timer of `patience` milliseconds (1000 when 0 or less); a second
 * signal before the loop has dealt with the first, or the timer, restores the terminal and
 * _exits with the status of the latest signal. */
void lr_last_resort_watch(int signal, int status, int patience);

/* The loop has taken the signal in hand and is ending the run: it gets a second for that
 * (a write that blocks is still cut short), however short the signal's patience. */
void lr_last_resort_hold(void);

/* The loop has dealt with the signal and the run goes on: the alarm is off, and the next
 * signal counts as a first again. */
void lr_last_resort_disarm(void);

/* What to put back on the way out: the settings `input_fd` (a terminal) has now, and
 * `leave`, written to stdout (the escape codes that leave a full-screen view). Copied. From
 * the first call on, a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP) puts them
 * back too before it goes on to the handler it had before (the Swift runtime's). */
void lr_last_resort_save_terminal(int input_fd, const char *leave, size_t length);

/* The view has put the terminal back itself. */
void lr_last_resort_forget_terminal(void);

/* A live line (a spinner) is up on stderr: on the way out, `restore` (which erases it and
 * shows the cursor) is written there. Copied. */
void lr_last_resort_save_line(const char *restore, size_t length);

/* The live line is gone. */
void lr_last_resort_forget_line(void);

#endif
