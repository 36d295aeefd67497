#!/usr/bin/env python3
"""Many-source benchmarks for loadrun (issue 6), against `loadrun serve` on loopback.

1. 1,000 URLs of about 1 KB each (a 4-post page of the sample, made distinct by a query
   parameter), fetched in one run: `loadrun --url ... --url ...` against
   `curl --parallel --parallel-max 50` over the same URLs. Wall time (best of RUNS) and peak
   RSS of each, from wait4's rusage.
2. 10,000 sources in one watch process at a 10 s interval, from a generated sources file,
   stdout to /dev/null, for WATCH_SECONDS: the peak RSS and the peak number of open file
   descriptors, sampled from /proc every 0.5 s, and how many requests the server answered.

Usage: bench-many.py LOADRUN_BINARY [RUNS] [WATCH_SECONDS]
"""
import os
import re
import socket
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def timed(command, **kwargs):
    """Runs command; returns (wall seconds, peak RSS KiB, exit status)."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - start
    process.stderr.close()
    return wall, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def start_server(binary, log):
    port = free_port()
    server = subprocess.Popen([binary, "serve", "--port", str(port)], stdout=subprocess.DEVNULL, stderr=log)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    return server, port


def fetch_benchmark(binary, runs, work):
    server, port = start_server(binary, subprocess.DEVNULL)
    try:
        urls = [f"http://127.0.0.1:{port}/posts?page=1&per_page=4&n={i}" for i in range(1000)]
        config = os.path.join(work, "curl.conf")
        with open(config, "w") as f:
            for url in urls:
                f.write(f'url = "{url}"\noutput = "/dev/null"\n')
        loadrun = [binary, "--no-cache", "--plugin", "posts"] + [a for url in urls for a in ("--url", url)]
        curl = ["curl", "--parallel", "--parallel-max", "50", "-s", "--config", config]
        results = {}
        for name, command in (("loadrun", loadrun), ("curl", curl)):
            timed(command)  # warm-up
            samples = [timed(command) for _ in range(runs)]
            failed = [s for s in samples if s[2] != 0]
            if failed:
                sys.exit(f"{name} failed: exit {failed[0][2]}")
            results[name] = (min(s[0] for s in samples), max(s[1] for s in samples))
        l, c = results["loadrun"], results["curl"]
        print(f"1000 URLs x ~1 KB, best of {runs}:")
        print(f"  loadrun (6 per host): {l[0] * 1000:.0f} ms, peak RSS {l[1] / 1024:.1f} MiB")
        print(f"  curl --parallel-max 50: {c[0] * 1000:.0f} ms, peak RSS {c[1] / 1024:.1f} MiB")
        print(f"  wall ratio loadrun/curl: {l[0] / c[0]:.2f}x (goal <= 1.0x); loadrun peak RSS goal <= 40 MiB")
    finally:
        server.terminate()
        server.wait()


def watch_benchmark(binary, seconds, work):
    log_path = os.path.join(work, "serve.log")
    with open(log_path, "w") as log:
        server, port = start_server(binary, log)
    try:
        config = os.path.join(work, "sources.conf")
        with open(config, "w") as f:
            for i in range(10000):
                f.write(f"[source s{i}]\nurl=http://127.0.0.1:{port}/posts?page=1&per_page=4&n={i}\n"
                        "plugin=posts\ninterval=10s\n\n")
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))
        watcher = subprocess.Popen([binary, "--config", config, "--all", "--watch"], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, env=env)
        peak_rss = peak_fds = 0
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and watcher.poll() is None:
            try:
                with open(f"/proc/{watcher.pid}/status") as status:
                    rss = int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))
                fds = len(os.listdir(f"/proc/{watcher.pid}/fd"))
            except (OSError, AttributeError):
                break
            peak_rss, peak_fds = max(peak_rss, rss), max(peak_fds, fds)
            time.sleep(0.5)
        alive = watcher.poll() is None
        watcher.terminate()
        _, errors = watcher.communicate()
        with open(log_path) as log:
            lines = log.read().splitlines()
        answered = sum(1 for line in lines if line.startswith("GET "))
        not_modified = sum(1 for line in lines if line.endswith(" 304"))
        limit = os.sysconf("SC_OPEN_MAX")
        print(f"10,000 sources at 10 s, watched for {seconds} s:")
        print(f"  still running: {alive}; peak RSS {peak_rss / 1024:.1f} MiB (goal <= 200 MiB); "
              f"peak open fds {peak_fds} of {limit}")
        print(f"  requests answered {answered} ({not_modified} of them 304)")
        failures = [line for line in errors.decode(errors="replace").splitlines() if "failed" in line or "refused" in line]
        print(f"  failure lines on stderr: {len(failures)}" + (f" (first: {failures[0]})" if failures else ""))
    finally:
        server.terminate()
        server.wait()


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    seconds = int(sys.argv[3]) if len(sys.argv) > 3 else 35
    with tempfile.TemporaryDirectory() as work:
        fetch_benchmark(binary, runs, work)
        watch_benchmark(binary, seconds, work)


if __name__ == "__main__":
    main()
