#!/usr/bin/env python3
"""Part "hostile" of scripts/bench: hostile-content timings, on the release binary and local
files (no server in the timed path):

- a one-word title of 1 MB: time to the first byte on stdout, and to exit;
- SIGTERM during a long run (4,000 titles of 9,000 characters, 36 MB): time from the signal
  to the exit, beside the time the whole run takes; the signal comes at 10, 20, 35 and 50% of
  that time, in the decode and in the render.

Usage: bench-hostile.py [BINARY] (LOADRUN by default). Prints one summary line per measure,
and adds the table's rows to BENCH_ROWS when it is set.
"""
import atexit, json, os, shutil, signal, subprocess, sys, tempfile, time

binary = sys.argv[1] if len(sys.argv) > 1 else os.environ["LOADRUN"]


def row(*cells):
    if "BENCH_ROWS" in os.environ:
        with open(os.environ["BENCH_ROWS"], "a") as f:
            f.write("\t".join(cells) + "\n")


work = tempfile.mkdtemp(prefix="loadrun-bench-hostile-")
atexit.register(shutil.rmtree, work, True)

def write(name, posts):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        json.dump(posts, f)
    return "file://" + path

megabyte = write("megabyte.json", [{"id": 1, "title": "A" * (1 << 20), "body": "b"}])
long_render = write("long.json", [{"id": i, "title": "W" * 9000, "body": "b"} for i in range(1, 4001)])

def first_byte_and_exit(url, runs=10):
    firsts, exits = [], []
    for _ in range(runs):
        start = time.monotonic()
        proc = subprocess.Popen([binary, "--url", url, "--plugin", "posts"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        proc.stdout.read(1)
        firsts.append(time.monotonic() - start)
        proc.stdout.read()
        proc.wait()
        exits.append(time.monotonic() - start)
    return sorted(firsts)[runs // 2], sorted(exits)[runs // 2]

first, whole = first_byte_and_exit(megabyte)
met = "yes" if first < 1 else "no"
print(f"1 MB one-word title: first byte on stdout {first * 1000:.1f} ms, exit {whole * 1000:.1f} ms (median of 10; goal: first screenful < 1 s: {met})")
row("a one-word title of 1 MB: first byte on stdout", f"{first * 1000:.1f} ms (exit {whole * 1000:.1f} ms)", "", "", "< 1 s", met)

start = time.monotonic()
subprocess.run([binary, "--url", long_render, "--plugin", "posts"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
full = time.monotonic() - start

latencies = []
for share in (0.1, 0.2, 0.35, 0.5):
    proc = subprocess.Popen([binary, "--url", long_render, "--plugin", "posts"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(full * share)
    sent = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    status = proc.wait()
    latencies.append((time.monotonic() - sent, status))
worst = max(l for l, _ in latencies)
statuses = sorted({s for _, s in latencies})
each = ", ".join(f"{l * 1000:.0f}" for l, _ in latencies)
met = "yes" if worst < 0.1 and statuses == [143] else "no"
print(f"SIGTERM during a {full:.2f} s run over 36 MB: exit within {each} ms when sent at 10, 20, 35 and 50% of it, "
      f"status {statuses} (goal: < 100 ms, 143: {met})")
row(f"SIGTERM during a {full:.2f} s run over 36 MB (4,000 titles of 9,000 characters), at 10, 20, 35, 50% of it",
    f"exit {', '.join(map(str, statuses))} within {each} ms", "", "", "< 100 ms, 143", met)
