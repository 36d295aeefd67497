#!/usr/bin/python3
"""Part "ending" of scripts/bench: how fast a run ends when something ends it, on the release
binary against Tests/Peers/h2-peer.py (an HTTP/2 peer that stalls or floods on purpose) and a
closed port. The goal is DESIGN's: SIGINT, SIGTERM and SIGHUP end a run within 100 ms in every
mode, and a deadline holds whatever the peer does.

- SIGINT / SIGTERM / SIGHUP on a stalled HTTP/2 stream, and on a PING flood: from the signal
  to the exit, 10 runs each (the signal is sent once the peer has seen the request);
- --timeout 1s on a stalled stream and on a CONTINUATION flood: the exit's lateness past 1 s;
- 10,000 sources against a closed port, --watch 100ms --output ndjson: SIGTERM to exit.

Usage: bench-ending.py [BINARY] (LOADRUN by default). Prints one summary line per measure,
and adds the table's rows to BENCH_ROWS when it is set.
"""
import atexit, os, shutil, signal, statistics, subprocess, sys, tempfile, threading, time

binary = sys.argv[1] if len(sys.argv) > 1 else os.environ["LOADRUN"]
peer_script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Peers", "h2-peer.py")
work = tempfile.mkdtemp(prefix="loadrun-bench-ending-")
atexit.register(shutil.rmtree, work, True)
env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"), XDG_CACHE_HOME=os.path.join(work, "cache"))


def row(*cells):
    if "BENCH_ROWS" in os.environ:
        with open(os.environ["BENCH_ROWS"], "a") as f:
            f.write("\t".join(cells) + "\n")


cert, key = os.path.join(work, "cert.pem"), os.path.join(work, "key.pem")
subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)


class Peer:
    def __init__(self, mode):
        self.proc = subprocess.Popen(["/usr/bin/python3", peer_script, cert, key, mode], stdout=subprocess.PIPE, text=True)
        self.port = int(self.proc.stdout.readline().split()[1])

    def wait_for_request(self):
        while not self.proc.stdout.readline().startswith("request"):
            pass

    def stop(self):
        self.proc.kill()
        self.proc.wait()


def run(args):
    return subprocess.Popen([binary] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


def wait(proc, limit):
    """Waits for the exit in a blocking waitpid, which returns as the process ends: Popen.wait
    with a timeout polls, up to 50 ms late. A process still there after `limit` s is killed."""
    killer = threading.Timer(limit, proc.kill)
    killer.start()
    proc.wait()
    killer.cancel()


def signal_to_exit(mode, sig, runs=10):
    times = []
    for _ in range(runs):
        peer = Peer(mode)
        proc = run(["--url", f"https://127.0.0.1:{peer.port}/x", "--cacert", cert, "--no-cache", "--timeout", "5m"])
        peer.wait_for_request()
        start = time.monotonic()
        proc.send_signal(sig)
        wait(proc, 10)
        times.append((time.monotonic() - start) * 1000)
        peer.stop()
    return times


def report(measure, times, goal_ms):
    median, worst = statistics.median(times), max(times)
    print(f"{measure}: median {median:.1f} ms, max {worst:.1f} ms over {len(times)} runs (goal ≤ {goal_ms} ms)")
    row(measure, f"{median:.1f} ms (max {worst:.1f})", "", "", f"≤ {goal_ms} ms", "yes" if worst <= goal_ms else "no")


for mode in ["stall", "ping-flood"]:
    for sig in [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]:
        report(f"{sig.name} to exit, HTTP/2 {mode}", signal_to_exit(mode, sig), 100)

for mode in ["stall", "continuation-flood"]:
    late = []
    for _ in range(5):
        peer = Peer(mode)
        start = time.monotonic()
        proc = run(["--url", f"https://127.0.0.1:{peer.port}/x", "--cacert", cert, "--no-cache", "--timeout", "1s", "--no-retry"])
        wait(proc, 20)
        late.append((time.monotonic() - start - 1) * 1000)
        peer.stop()
    report(f"--timeout 1s past its deadline, HTTP/2 {mode}", late, 100)

urls = os.path.join(work, "urls.txt")
with open(urls, "w") as f:
    f.writelines(f"http://127.0.0.1:9/s{i}\n" for i in range(10000))
times = []
for _ in range(3):
    proc = run(["--url-file", urls, "--watch", "100ms", "--output", "ndjson", "--no-retry"])
    time.sleep(4)  # the watch in full swing: not a synchronisation, the state being measured
    start = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    wait(proc, 10)
    times.append((time.monotonic() - start) * 1000)
report("SIGTERM to exit, 10,000 sources watched at 100ms", times, 100)
