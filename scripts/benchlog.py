"""Shared by the Python parts of scripts/bench: waiting for nginx's access log (BENCH_LOG)."""
import os, time, urllib.request, uuid


def settled():
    """Returns once nginx has logged every request it has answered so far.

    nginx logs a request just after sending its answer, so the last lines of a run may still be
    coming when the run ends. One more request, answered and logged by the same single worker
    after them, is the barrier.
    """
    tag = f"settled={uuid.uuid4().hex}"
    urllib.request.urlopen(f"{os.environ['BENCH_BASE']}/posts.json?{tag}").read()
    for _ in range(500):
        with open(os.environ["BENCH_LOG"]) as log:
            if tag in log.read():
                return
        time.sleep(0.01)
    raise SystemExit(f"bench: nginx never logged {tag}")
