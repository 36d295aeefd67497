#include "CLastResort.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <termios.h>
#include <unistd.h>

/* Everything a handler reads is set before the handler can run, or is a sig_atomic_t. */
static struct sigaction previous_actions[NSIG];
static int statuses[NSIG];
static int patience_ms[NSIG];
static volatile sig_atomic_t pending_status;
static volatile sig_atomic_t exiting;

static volatile sig_atomic_t has_terminal;
static int terminal_fd = -1;
static struct termios terminal_settings;
static char leave_sequence[64];
static size_t leave_length;

/* A live line on stderr (a spinner) and what erases it and shows the cursor again. */
static volatile sig_atomic_t has_line;
static char line_sequence[32];
static size_t line_length;

/* Puts the spinner's line and cursor back, if one is up. */
static void restore_line(void) {
    if (!has_line) return;
    has_line = 0;
    ssize_t ignored = write(STDERR_FILENO, line_sequence, line_length);
    (void)ignored;
}

/* Puts the terminal back as far as it can, then ends the process. A write to a stdout that
 * blocks is cut short by the alarm, whose handler comes back here and ends at once. */
static void end_now(int status) {
    if (exiting) _exit(status);
    exiting = 1;
    alarm(1);
    restore_line();
    if (has_terminal) {
        tcsetattr(terminal_fd, TCSAFLUSH, &terminal_settings);
        ssize_t ignored = write(STDOUT_FILENO, leave_sequence, leave_length);
        (void)ignored;
    }
    _exit(status);
}

/* Arms the timer that ends the process `milliseconds` from now (0: disarms it). setitimer is a
 * plain system call on Linux, as safe in a handler as alarm(), which counts whole seconds only. */
static void arm(int milliseconds) {
    struct itimerval timer;
    memset(&timer, 0, sizeof timer);
    timer.it_value.tv_sec = milliseconds / 1000;
    timer.it_value.tv_usec = (milliseconds % 1000) * 1000;
    setitimer(ITIMER_REAL, &timer, NULL);
}

static void on_alarm(int signal) {
    (void)signal;
    end_now(pending_status ? pending_status : 1);
}

static void on_signal(int signal, siginfo_t *info, void *context) {
    int saved_errno = errno;
    if (pending_status) end_now(statuses[signal]);
    /* Armed before GLib's handler wakes the loop: on another thread, the loop could otherwise
     * take the signal in hand (hold, disarm) before this handler had armed anything. */
    pending_status = statuses[signal];
    arm(patience_ms[signal]);
    const struct sigaction *previous = &previous_actions[signal];
    if (previous->sa_flags & SA_SIGINFO) {
        if (previous->sa_sigaction) previous->sa_sigaction(signal, info, context);
    } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN && previous->sa_handler != NULL) {
        previous->sa_handler(signal);
    }
    errno = saved_errno;
}

void lr_last_resort_watch(int signal, int status, int patience) {
    if (signal <= 0 || signal >= NSIG || signal == SIGALRM) return;
    static int alarm_installed;
    if (!alarm_installed) {
        alarm_installed = 1;
        struct sigaction alarm_action;
        memset(&alarm_action, 0, sizeof alarm_action);
        alarm_action.sa_handler = on_alarm;
        /* SA_NODEFER: an alarm while end_now writes must reach end_now again. */
        alarm_action.sa_flags = SA_NODEFER;
        sigemptyset(&alarm_action.sa_mask);
        sigaction(SIGALRM, &alarm_action, NULL);
    }
    statuses[signal] = status;
    patience_ms[signal] = patience > 0 ? patience : 1000;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    struct sigaction previous;
    if (sigaction(signal, &action, &previous) != 0) return;
    /* Watched twice (a second run in one process): GLib's handler is still the one to chain. */
    if (!((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction == on_signal)) previous_actions[signal] = previous;
}

void lr_last_resort_disarm(void) {
    arm(0);
    pending_status = 0;
}

void lr_last_resort_hold(void) {
    if (pending_status) arm(1000);
}

/* The actions a crash's signal had before: the Swift runtime's backtracer, or the default. */
static struct sigaction crash_previous[NSIG];
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP };

/* A crash: the terminal is put back (its settings, then the sequence that leaves the view),
   and the signal goes on to what had it before, which reports the crash and ends the process
   as it would have: its action is put back and the signal raised again (a fault comes again
   anyway when the handler returns to the instruction). */
static void on_crash(int signal, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    restore_line();
    if (has_terminal) {
        has_terminal = 0;
        if (terminal_fd >= 0) tcsetattr(terminal_fd, TCSAFLUSH, &terminal_settings);
        ssize_t ignored = write(STDOUT_FILENO, leave_sequence, leave_length);
        (void)ignored;
    }
    sigaction(signal, &crash_previous[signal], NULL);
    raise(signal);
}

/* Installs the crash handlers, once, on a stack of their own: a stack overflow is a SIGSEGV
   whose handler could not run on the stack that overflowed. */
static void watch_crashes(void) {
    static int installed;
    if (installed) return;
    installed = 1;
    /* Unless one is there already (the Swift runtime's backtracer may have set one). */
    static char alternate_stack[1 << 16];
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        stack_t stack;
        memset(&stack, 0, sizeof stack);
        stack.ss_sp = alternate_stack;
        stack.ss_size = sizeof alternate_stack;
        sigaltstack(&stack, NULL);
    }
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = on_crash;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        sigaction(crash_signals[i], &action, &crash_previous[crash_signals[i]]);
    }
}

void lr_last_resort_save_terminal(int input_fd, const char *leave, size_t length) {
    watch_crashes();
    has_terminal = 0;
    if (length > sizeof leave_sequence) length = sizeof leave_sequence;
    memcpy(leave_sequence, leave, length);
    leave_length = length;
    terminal_fd = input_fd;
    if (tcgetattr(input_fd, &terminal_settings) != 0) {
        /* No terminal settings to restore: only the escape codes. */
        terminal_fd = -1;
    }
    has_terminal = 1;
}

void lr_last_resort_forget_terminal(void) {
    has_terminal = 0;
}

void lr_last_resort_save_line(const char *restore, size_t length) {
    has_line = 0;
    if (length > sizeof line_sequence) length = sizeof line_sequence;
    memcpy(line_sequence, restore, length);
    line_length = length;
    has_line = 1;
}

void lr_last_resort_forget_line(void) {
    has_line = 0;
}
