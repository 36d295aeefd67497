#!/usr/bin/env python3
"""Watch-mode benchmarks for `make bench` (issue 5's performance table).

1. CPU time of `loadrun --watch 1s` against `watch -n1 curl -s URL`, each on its own
   pseudo-terminal for the same wall time, each against its own `loadrun serve`.
2. Body bytes per reload after the first load of an unchanged source (from --output ndjson).
3. RSS growth over 10,000 reloads at a 10 ms interval after warm-up, full-screen on a pty.

Usage: bench-watch.py LOADRUN_BINARY [SECONDS]
"""
import json, os, pty, re, signal, subprocess, sys, threading, time

binary = sys.argv[1]
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0


def start_server():
    """A `loadrun serve` on a free port; returns (process, url, log path)."""
    log = f"/tmp/loadrun-bench-serve-{os.getpid()}-{time.monotonic_ns()}.log"
    out = open(log, "w")
    server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=out, text=True)
    for line in server.stdout:
        if line.strip().endswith("/posts"):
            return server, line.strip(), log
    raise SystemExit("serve printed no URL")


def requests(log, status=None):
    with open(log) as f:
        return sum(1 for line in f if line.startswith("GET /posts") and (status is None or line.split()[-1] == str(status)))


def on_pty(argv, env=None):
    """Runs argv on a new pseudo-terminal (100x30) and drains its output; returns the pid."""
    pid, master = pty.fork()
    if pid == 0:
        os.environ.update(env or {})
        os.environ["TERM"] = "xterm-256color"
        os.execvp(argv[0], argv)
    import fcntl, struct, termios
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


def cpu_seconds(pid, stop_signal=signal.SIGINT):
    os.kill(pid, stop_signal)
    _, _, usage = os.wait4(pid, 0)
    return usage.ru_utime + usage.ru_stime


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


# 1. CPU over the same wall time.
server_a, url_a, log_a = start_server()
server_b, url_b, log_b = start_server()
loadrun_pid = on_pty([binary, "--url", url_a, "--plugin", "posts", "--watch", "1s"])
watch_pid = on_pty(["watch", "-n1", f"curl -s {url_b}"])
time.sleep(seconds)
loadrun_cpu = cpu_seconds(loadrun_pid)
watch_cpu = cpu_seconds(watch_pid)
loadrun_reloads, watch_reloads = requests(log_a), requests(log_b)
print(f"watch CPU: loadrun --watch 1s {loadrun_cpu * 1000:.0f} ms over {loadrun_reloads} loads "
      f"({requests(log_a, 304)} answered 304); watch -n1 curl {watch_cpu * 1000:.0f} ms over {watch_reloads} loads; "
      f"ratio loadrun/watch = {loadrun_cpu / watch_cpu:.3f}")

# 2. Body bytes per reload of an unchanged source.
run = subprocess.Popen([binary, "--url", url_a, "--plugin", "posts", "--watch", "100ms", "--output", "ndjson"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
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
print(f"body bytes: first load {settled[0]['bytes']} B; the next {len(after_first)} reloads "
      f"{sum(r['bytes'] for r in after_first)} B in all, {sum(1 for r in after_first if r['not_modified'])} of them 304")

# 3. RSS growth over 10,000 reloads at 10 ms, full screen on a pty.
server_c, url_c, log_c = start_server()
pid = on_pty([binary, "--url", url_c, "--plugin", "posts", "--watch", "10ms"])
def wait_for(count):
    while requests(log_c) < count:
        time.sleep(0.5)
wait_for(500)
warm = rss_kib(pid)
started = time.monotonic()
wait_for(10_500)
end = rss_kib(pid)
took = time.monotonic() - started
cpu_seconds(pid, signal.SIGTERM)  # at 10 ms a load is nearly always in flight, and Ctrl-C would cancel it
print(f"RSS: {warm} KiB after 500 reloads (warm-up), {end} KiB after 10,000 more ({took:.0f} s); "
      f"growth {end - warm} KiB")

for server in (server_a, server_b, server_c):
    server.terminate()
for log in (log_a, log_b, log_c):
    os.remove(log)
