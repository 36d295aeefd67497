#!/usr/bin/env python3
"""Part "search" of scripts/bench: `/` in `--browse` over 200,000 items (the corpus's comments
repeated, from nginx), per keystroke. loadrun runs full screen on a pseudo-terminal; each
letter of a query is written to it, and the time runs until a frame's footer shows the whole
count of matches for the query typed so far (`/que▏  123 matches ·`, not a count "so far"):
what a user waits for. No sleep stands for a frame: the output is read until the text is there.

Run alone (`scripts/bench search` runs it with nginx), on a file or URL of 200,000 items:
LOADRUN=.build/release/loadrun BENCH_SEARCH_URL=FILE-OR-URL scripts/bench-search.py
"""
import fcntl, os, pty, re, select, signal, statistics, struct, sys, termios, time

binary = os.environ["LOADRUN"]
url = os.environ.get("BENCH_SEARCH_URL") or f"{os.environ['BENCH_BASE']}/comments-200k.json"
# Words of the corpus: one that narrows slowly from a common letter, one that ends with none.
queries = ["laudantium", "quia et", "zzq"]
goal_ms = 50.0


def row(*cells):
    if "BENCH_ROWS" in os.environ:
        with open(os.environ["BENCH_ROWS"], "a") as f:
            f.write("\t".join(cells) + "\n")


class Screen:
    """loadrun on a new pseudo-terminal, 120×40, its output read as it comes."""

    def __init__(self, argv):
        self.pid, self.master = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.execvp(argv[0], argv)
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.kill(self.pid, signal.SIGWINCH)
        self.output = b""

    def wait_for(self, pattern, since, timeout=600.0):
        """Reads until `pattern` (bytes, a regex) shows in the output after offset `since`;
        returns the time it showed and the match."""
        deadline = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.output[since:])
            if found:
                return time.monotonic(), found
            left = deadline - time.monotonic()
            if left <= 0:
                raise SystemExit(f"bench-search: no {pattern!r} on screen within {timeout:.0f} s")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                chunk = os.read(self.master, 1 << 20)
                if not chunk:
                    raise SystemExit("bench-search: loadrun ended")
                self.output += chunk

    def type(self, text):
        """Writes `text`; returns the time and the output offset just before."""
        mark = len(self.output)
        start = time.monotonic()
        os.write(self.master, text.encode())
        return start, mark

    def end(self):
        os.kill(self.pid, signal.SIGTERM)
        os.waitpid(self.pid, 0)


screen = Screen([binary, "--no-cache", "--browse", "--url", url])
started = time.monotonic()
# The list is on screen once the footer says which of its lines show.
screen.wait_for(rb"lines 1\xe2\x80\x93\d+ of 200\d\d\d", 0)
loaded = time.monotonic() - started
latencies, firsts = [], []
for query in queries:
    _, mark = screen.type("/")
    screen.wait_for(rb"type to search", mark)
    for length in range(1, len(query) + 1):
        start, mark = screen.type(query[length - 1])
        typed = re.escape(("/" + query[:length] + "▏  ").encode())
        # The first frame after the key (its count may be one so far), then the whole count.
        first, _ = screen.wait_for(typed, mark)
        shown, _ = screen.wait_for(typed + rb"\d+ matches \xc2\xb7", mark)
        firsts.append((first - start) * 1000)
        latencies.append((shown - start) * 1000)
    _, mark = screen.type("\x1b")
    screen.wait_for(rb"/ search", mark)
screen.end()
# Each key's time on stderr, in the order typed: where a slow one stands in its query.
print("bench-search: per key (ms): " + " ".join(f"{x:.0f}" for x in latencies), file=sys.stderr)

median = statistics.median(latencies)
met = "yes" if median <= goal_ms else "no"
print(f"/ search over 200,000 items: median {median:.1f} ms per keystroke to the whole count, worst "
      f"{max(latencies):.1f} ms; a frame within {max(firsts):.1f} ms of every key; {len(latencies)} keystrokes "
      f"(list shown after {loaded:.1f} s) (goal ≤ {goal_ms:.0f} ms: {met})")
row(f"`/` search in `--browse` over 200,000 items, per keystroke (median of {len(latencies)}; worst "
    f"{max(latencies):.0f} ms; a frame within {max(firsts):.0f} ms of every key)", f"{median:.1f} ms", "", "",
    f"≤ {goal_ms:.0f} ms", met)
