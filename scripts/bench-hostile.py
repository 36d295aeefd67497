#!/usr/bin/env python3
"""Hostile-content timings for `make bench`, on the release binary and local files (no server
in the timed path):

- a one-word title of 1 MB: time to the first byte on stdout, and to exit;
- SIGTERM during a long render (4,000 titles of 9,000 characters): time from the signal to
  the exit, beside the time the whole render takes.

Usage: bench-hostile.py BINARY. Prints one summary line per measure.
"""
import atexit, json, os, shutil, signal, subprocess, sys, tempfile, time

binary = sys.argv[1]
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
print(f"1 MB one-word title: first byte on stdout {first * 1000:.1f} ms, exit {whole * 1000:.1f} ms (median of 10; goal: first screenful < 1 s)")

start = time.monotonic()
subprocess.run([binary, "--url", long_render, "--plugin", "posts"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
full = time.monotonic() - start

latencies = []
for delay in (0.5, 1.0, 2.0):
    proc = subprocess.Popen([binary, "--url", long_render, "--plugin", "posts"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Past the decode (about 0.2 s for 36 MB), inside the render.
    time.sleep(delay)
    sent = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    status = proc.wait()
    latencies.append((time.monotonic() - sent, status))
worst = max(l for l, _ in latencies)
statuses = sorted({s for _, s in latencies})
print(f"SIGTERM during a {full:.1f} s render of 36 MB: exit within {worst * 1000:.1f} ms (worst of 3), status {statuses} (goal: < 100 ms, 143)")
