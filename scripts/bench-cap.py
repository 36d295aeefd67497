#!/usr/bin/env python3
"""Part "cap" of scripts/bench: peak memory of bodies at and over the size cap (--max-size, 64 MiB
by default), from a raw-socket peer on loopback. Memory only: nothing here is timed, so a
Python peer measures nothing of itself.

- an endless body, refused when it passes the cap: peak RSS under 1.1× the cap + 32 MiB;
- a gzip bomb (200 MiB of spaces in 200 KB), refused the same way, decoded: the same goal;
- a body declared (Content-Length) larger than the cap, with --max-size 1G: refused before a
  byte is read, under 64 MiB whatever the cap;
- the endless body and the bomb again over HTTPS (TLS from Python's ssl, a certificate made
  here with openssl, trusted with --cacert): the TLS library's own memory on top, the same goal.

Usage: bench-cap.py [BINARY] (LOADRUN by default). Prints one summary line per measure, and
adds the table's rows to BENCH_ROWS when it is set.
"""
import atexit, gzip, os, shutil, socket, ssl, subprocess, sys, tempfile, threading

binary = sys.argv[1] if len(sys.argv) > 1 else os.environ["LOADRUN"]
cap_mib = 64
bomb = gzip.compress(b" " * (200 << 20), 9)


def row(*cells):
    if "BENCH_ROWS" in os.environ:
        with open(os.environ["BENCH_ROWS"], "a") as f:
            f.write("\t".join(cells) + "\n")


def answer(client):
    with client:
        request = b""
        while b"\r\n\r\n" not in request:
            data = client.recv(4096)
            if not data:
                return
            request += data
        path = request.split(b" ")[1]
        try:
            if path == b"/endless":
                client.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n[")
                piece = b'{"id":1,"title":"t","body":"b"},' * 2000
                while True:
                    client.sendall(piece)
            elif path == b"/bomb":
                client.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
                               b"Content-Length: %d\r\n\r\n" % len(bomb) + bomb)
            elif path == b"/declared":
                client.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1099511627776\r\n\r\n[")
        except OSError:
            pass  # loadrun hung up once it had enough: the point of the case


def serve(wrap=lambda client: client):
    """Listens on 127.0.0.1; each client, wrapped (in TLS, say), is answered on a thread."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)

    def accept():
        while True:
            client = listener.accept()[0]
            threading.Thread(target=lambda: answer_wrapped(client), daemon=True).start()

    def answer_wrapped(client):
        try:
            answer(wrap(client))
        except (OSError, ssl.SSLError):
            pass

    threading.Thread(target=accept, daemon=True).start()
    return listener.getsockname()[1]


port = serve()
work = tempfile.mkdtemp(prefix="loadrun-bench-cap-")
atexit.register(shutil.rmtree, work, True)
cert, key = os.path.join(work, "cert.pem"), os.path.join(work, "key.pem")
subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
tls.load_cert_chain(cert, key)
tls_port = serve(lambda client: tls.wrap_socket(client, server_side=True))


def measured(path, *extra, scheme="http"):
    where = f"{scheme}://127.0.0.1:{tls_port if scheme == 'https' else port}{path}"
    trust = ["--cacert", cert] if scheme == "https" else []
    result = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "--url", where, *trust,
                             "--plugin", "posts", "--no-cache", "--no-retry", *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    lines = [line for line in result.stderr.decode(errors="replace").strip().splitlines()
             if not line.startswith("Command exited")]  # time's own note
    return int(lines[-1]) / 1024, lines[-2] if len(lines) > 1 else "", result.returncode


failed = False
goal_at_cap = 1.1 * cap_mib + 32
for label, path, extra, goal, goal_text, scheme in [
    ("an endless body, refused at the 64 MiB cap", "/endless", [], goal_at_cap, f"< {goal_at_cap:.0f} MiB", "http"),
    ("a gzip bomb (200 MiB in 200 KB), refused at the cap", "/bomb", [], goal_at_cap, f"< {goal_at_cap:.0f} MiB", "http"),
    ("a body declared at 1 TiB, with --max-size 1G", "/declared", ["--max-size", "1G"], 64, "< 64 MiB", "http"),
    ("an endless body over HTTPS, refused at the cap", "/endless", [], goal_at_cap, f"< {goal_at_cap:.0f} MiB", "https"),
    ("a gzip bomb over HTTPS, refused at the cap", "/bomb", [], goal_at_cap, f"< {goal_at_cap:.0f} MiB", "https"),
]:
    rss, said, code = measured(path, *extra, scheme=scheme)
    met = "yes" if rss < goal and code == 2 else "no"
    failed |= met == "no"
    print(f"{label}: peak RSS {rss:.1f} MiB, exit {code} (goal {goal_text}: {met}); it said: {said}")
    row(f"{label}: peak RSS", f"{rss:.1f} MiB, exit {code}", "", "", goal_text, met)
sys.exit(1 if failed else 0)
