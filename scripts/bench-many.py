#!/usr/bin/env python3
"""Part "many" of scripts/bench: 10,000 sources in one watch process at a 10 s interval,
against nginx (BENCH_BASE), from a generated sources file, stdout to /dev/null, for
LOADRUN_BENCH_MANY_SECONDS (35 by default): the peak RSS and the peak number of open file
descriptors, sampled from /proc every 0.5 s, and the requests nginx's access log shows.
Each source is one of the 1,000 pages with a query that makes its URL its own.
"""
import os, re, subprocess, tempfile, time
import benchlog

binary, base = os.environ["LOADRUN"], os.environ["BENCH_BASE"]
seconds = int(os.environ.get("LOADRUN_BENCH_MANY_SECONDS", "35"))


def row(*cells):
    with open(os.environ["BENCH_ROWS"], "a") as f:
        f.write("\t".join(cells) + "\n")


with tempfile.TemporaryDirectory() as work:
    config = os.path.join(work, "sources.conf")
    with open(config, "w") as f:
        for i in range(10000):
            f.write(f"[source s{i}]\nurl={base}/pages/{i % 1000 + 1}.json?source={i}\nplugin=posts\ninterval=10s\n\n")
    log_start = os.path.getsize(os.environ["BENCH_LOG"])
    watcher = subprocess.Popen([binary, "--config", config, "--all", "--watch"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
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
    benchlog.settled()

with open(os.environ["BENCH_LOG"]) as log:
    log.seek(log_start)
    statuses = [line.split()[2] for line in log if "?source=" in line]
failures = [line for line in errors.decode(errors="replace").splitlines() if "failed" in line or "refused" in line]
limit = os.sysconf("SC_OPEN_MAX")
met = "yes" if alive and not failures and peak_rss <= 200 * 1024 else "no"
print(f"10,000 sources at 10 s, watched {seconds} s: still running {alive}; peak RSS {peak_rss / 1024:.1f} MiB, "
      f"peak open fds {peak_fds} of {limit}; {len(statuses)} requests ({statuses.count('304')} of them 304); "
      f"{len(failures)} failure lines on stderr" + (f" (first: {failures[0]})" if failures else "")
      + f" (goal: no fd exhaustion, ≤ 200 MiB: {met})")
row(f"10,000 sources in one watch at 10 s, watched {seconds} s",
    f"peak RSS {peak_rss / 1024:.1f} MiB, {peak_fds} fds at most; {len(statuses):,} requests "
    f"({statuses.count('304'):,} of them 304)", "", "", "no fd exhaustion; ≤ 200 MiB", met)
