#!/usr/bin/env python3
"""Part "watch" of scripts/bench: watch mode against nginx (BENCH_BASE), counting requests in
its access log (BENCH_LOG). Each watcher's URL carries its own ?watcher= tag, which nginx
ignores but logs, so that the log tells the watchers apart.

1. CPU time of `loadrun --watch 1s` against `watch -n1 curl -s URL`, each on its own
   pseudo-terminal for the same wall time (LOADRUN_BENCH_WATCH_SECONDS, 60 by default).
2. Body bytes per reload after the first load of an unchanged source (from --output ndjson).
3. RSS growth over 10,000 reloads at a 10 ms interval after 500 to warm up, full screen on a pty.
"""
import fcntl, json, os, pty, re, signal, struct, subprocess, termios, threading, time
import benchlog

binary, base = os.environ["LOADRUN"], os.environ["BENCH_BASE"]
seconds = float(os.environ.get("LOADRUN_BENCH_WATCH_SECONDS", "60"))


def row(*cells):
    with open(os.environ["BENCH_ROWS"], "a") as f:
        f.write("\t".join(cells) + "\n")


class Requests:
    """The requests nginx logs from now on for URLs tagged ?watcher=TAG."""

    def __init__(self, tag):
        self.tag, self.offset = f"watcher={tag}", os.path.getsize(os.environ["BENCH_LOG"])

    def statuses(self):
        with open(os.environ["BENCH_LOG"]) as log:
            log.seek(self.offset)
            return [line.split()[2] for line in log if self.tag in line]


def on_pty(argv):
    """Runs argv on a new pseudo-terminal (100x30) and drains its output; returns the pid."""
    pid, master = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp(argv[0], argv)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    os.kill(pid, signal.SIGWINCH)

    def drain():
        try:
            while os.read(master, 65536):
                pass
        except OSError:
            pass
    threading.Thread(target=drain, daemon=True).start()
    return pid


def cpu_seconds(pid, stop_signal=signal.SIGINT, split=None):
    """Stops pid and returns its CPU seconds (user + system); `split`, if given, gets both."""
    os.kill(pid, stop_signal)
    _, _, usage = os.wait4(pid, 0)
    if split is not None:
        split.update(user=usage.ru_utime, system=usage.ru_stime)
    return usage.ru_utime + usage.ru_stime


def on_cpu_seconds(pid):
    """pid's time on a CPU so far, from the scheduler's own count (/proc/PID/schedstat, in ns):
    exact, where /proc/PID/stat's utime and stime come in clock ticks."""
    with open(f"/proc/{pid}/schedstat") as f:
        return int(f.read().split()[0]) / 1e9


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


# 1. CPU over the same wall time.
by_loadrun, by_watch = Requests("loadrun"), Requests("watch")
loadrun_pid = on_pty([binary, "--source", "posts", "--url", f"{base}/posts.json?watcher=loadrun", "--watch", "1s"])
watch_pid = on_pty(["watch", "-n1", f"curl -s '{base}/posts.json?watcher=watch'"])
# Where loadrun's CPU goes: its start-up and first load (the first 3 s), apart from the reloads
# after them, which are what a long watch costs.
settled_in = min(3.0, seconds / 2)
time.sleep(settled_in)
startup_cpu, startup_loads = on_cpu_seconds(loadrun_pid), len(by_loadrun.statuses())
time.sleep(seconds - settled_in)
reloads_cpu = on_cpu_seconds(loadrun_pid) - startup_cpu
split = {}
loadrun_cpu, watch_cpu = cpu_seconds(loadrun_pid, split=split), cpu_seconds(watch_pid)
benchlog.settled()
loads, watch_loads = by_loadrun.statuses(), len(by_watch.statuses())
later_loads = max(len(loads) - startup_loads, 1)
print(f"watch CPU, loadrun's share: {startup_cpu * 1000:.1f} ms in its first {settled_in:.0f} s (start-up and "
      f"{startup_loads} load(s)), then {reloads_cpu / later_loads * 1e6:.0f} µs per reload over {later_loads}; "
      f"user {split['user'] * 1000:.0f} ms, system {split['system'] * 1000:.0f} ms")
ratio = loadrun_cpu / watch_cpu
# ≤ 0.1× with room, as issue 27 asks: the machine's noise moves the ratio by a tenth.
met = "yes" if ratio <= 0.08 else "no"
print(f"watch CPU over {seconds:.0f} s: loadrun --watch 1s {loadrun_cpu * 1000:.0f} ms for {len(loads)} loads "
      f"({loads.count('304')} answered 304), watch -n1 curl {watch_cpu * 1000:.0f} ms for {watch_loads} loads: "
      f"{ratio:.3f}× (goal ≤ 0.08×: {met})")
row(f"CPU of `--watch 1s` over {seconds:.0f} s ({len(loads)} loads, {loads.count('304')} of them 304)",
    f"{loadrun_cpu * 1000:.0f} ms", f"`watch -n1 curl -s URL`: {watch_cpu * 1000:.0f} ms", f"{ratio:.3f}×", "≤ 0.08×", met)

# 2. Body bytes per reload of an unchanged source.
run = subprocess.Popen([binary, "--source", "posts", "--url", f"{base}/posts.json?watcher=bytes", "--watch", "100ms",
                        "--output", "ndjson"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
settled = []
for line in run.stdout:
    record = json.loads(line)
    if record["to"] == "loaded":
        settled.append(record)
    if len(settled) >= 31:
        break
run.send_signal(signal.SIGTERM)
run.wait()
after_first = settled[1:]
body_bytes = sum(r["bytes"] for r in after_first)
met = "yes" if body_bytes == 0 else "no"
print(f"body bytes: first load {settled[0]['bytes']} B; the next {len(after_first)} reloads {body_bytes} B in all, "
      f"{sum(1 for r in after_first if r['not_modified'])} of them 304 (goal 0: {met})")
row(f"body bytes per reload of an unchanged source ({len(after_first)} reloads)",
    f"{body_bytes / len(after_first):.0f} B", "", "", "0 B", met)

# 3. RSS growth over 10,000 reloads at 10 ms, full screen on a pty.
by_rss = Requests("rss")
pid = on_pty([binary, "--source", "posts", "--url", f"{base}/posts.json?watcher=rss", "--watch", "10ms"])


def wait_for(count):
    while len(by_rss.statuses()) < count:
        if os.waitpid(pid, os.WNOHANG) != (0, 0):
            raise SystemExit(f"loadrun --watch 10ms ended after {len(by_rss.statuses())} loads")
        time.sleep(0.5)


wait_for(500)
warm = rss_kib(pid)
started = time.monotonic()
wait_for(10_500)
end = rss_kib(pid)
took = time.monotonic() - started
cpu_seconds(pid, signal.SIGTERM)  # at 10 ms a load is nearly always in flight, and Ctrl-C would cancel it
met = "yes" if end - warm < 1024 else "no"
print(f"RSS: {warm} KiB after 500 reloads (warm-up), {end} KiB after 10,000 more ({took:.0f} s); "
      f"growth {end - warm} KiB (goal: hold it, under 1 MiB: {met})")
row("RSS growth over 10,000 reloads at 10 ms, after 500 to warm up", f"{end - warm} KiB ({warm:,} → {end:,} KiB)",
    "", "", "hold (< 1 MiB)", met)
