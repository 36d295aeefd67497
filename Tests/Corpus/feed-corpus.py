#!/usr/bin/env python3
"""Reads a corpus of feeds that carry their expected reading, feedparser's test files, through
loadrun's --output json, and counts the cases where loadrun reads the title, link and id that
feedparser reads. Usage: feed-corpus.py LOADRUN CORPUS_DIR [--min PERCENT] [-v]

Each file starts with a comment holding `Expect: <python expression>` over feedparser's result.
The clauses of that expression that compare a title, link, id or guid of `feed` or of
`entries[N]` are the case's; a file with none is not a case. A title matches as written or as
plain text (loadrun turns titles into text, feedparser keeps sanitised markup). Each output must
also have JSON Feed 1.1's structure. Files with
"http" in their names are served over HTTP at their path, with their `Header:` lines as headers,
as feedparser's own harness does."""
import ast, concurrent.futures, html, http.server, json, os, re, subprocess, sys, threading
from html.parser import HTMLParser

KEYS = {"title", "link", "id", "guid"}
EXPECT = re.compile(r"Expect:\s*(.*?)\s*-->", re.S)
HEADER = re.compile(r"^Header:\s+([^:]+):(.*)$", re.M)

class Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True); self.parts = []
    def handle_data(self, data): self.parts.append(data)

def plain(value):
    parser = Text(); parser.feed(value); parser.close()
    return " ".join(html.unescape("".join(parser.parts)).split())

def relevant(clause):
    """Whether `clause` is `X['key'] == literal` with X `feed` or `entries[N]`, key in KEYS."""
    if not (isinstance(clause, ast.Compare) and len(clause.ops) == 1 and isinstance(clause.ops[0], ast.Eq)):
        return False
    left = clause.left
    if not (isinstance(left, ast.Subscript) and isinstance(left.slice, ast.Constant) and left.slice.value in KEYS):
        return False
    owner = left.value
    # JSON Feed has no place for a feed's own id, so no reader of loadrun's output could see it.
    if isinstance(owner, ast.Name): return owner.id == "feed" and left.slice.value not in {"id", "guid"}
    return isinstance(owner, ast.Subscript) and isinstance(owner.value, ast.Name) and owner.value.id == "entries"

def clauses(expression):
    tree = ast.parse(expression, mode="eval").body
    parts = tree.values if isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.And) else [tree]
    return [part for part in parts if relevant(part)]

class Title(str):
    """A title that equals the expected one as written or as plain text."""
    def __eq__(self, other): return str.__eq__(self, other) or (isinstance(other, str) and str.__eq__(" ".join(self.split()), plain(other)))
    __hash__ = str.__hash__

RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")

def structure(document):
    """What in `document` breaks JSON Feed 1.1's structure (jsonfeed.org/version/1.1), or None."""
    if not isinstance(document, dict): return "not an object"
    if document.get("version") != "https://jsonfeed.org/version/1.1": return "no version 1.1"
    if not isinstance(document.get("title"), str): return "no title string"
    for key in ("home_page_url", "feed_url", "description", "next_url"):
        if key in document and not isinstance(document[key], str): return f"{key} is no string"
    items = document.get("items")
    if not isinstance(items, list): return "no items list"
    for item in items:
        if not isinstance(item.get("id"), str) or not item["id"]: return "an item with no id"
        if not isinstance(item.get("content_html", item.get("content_text")), str): return "an item with no content"
        for key in ("url", "title", "summary", "content_html", "content_text"):
            if key in item and not isinstance(item[key], str): return f"an item's {key} is no string"
        for key in ("date_published", "date_modified"):
            if key in item and not RFC3339.match(item[key]): return f"an item's {key} is no RFC 3339 date: {item[key]}"
        if "authors" in item and not all(isinstance(a, dict) and isinstance(a.get("name"), str) for a in item["authors"]):
            return "an item's authors are not objects with a name"
        if "tags" in item and not all(isinstance(t, str) for t in item["tags"]): return "an item's tags are not strings"
    return None

def reading(document):
    feed = {"title": Title(document.get("title", ""))}
    if document.get("home_page_url"): feed["link"] = document["home_page_url"]
    entries = []
    for item in document.get("items", []):
        # A title that is only markup (an image) is no title as text: it equals feedparser's
        # markup whose text is empty.
        entry = {"title": Title(item.get("title", ""))}
        if item.get("url"): entry["link"] = item["url"]
        if item.get("id"): entry["id"] = entry["guid"] = item["id"]
        entries.append(entry)
    return {"feed": feed, "entries": entries}

def admitted(path, data):
    """Whether the file tests what loadrun reads. Not Microsoft's CDF, a format before RSS that
    no feed publisher uses; not a base from Content-Location, which RFC 7231 no longer makes a
    base URI and browsers ignore."""
    return f"{os.sep}cdf{os.sep}" not in path and b"Content-Location" not in data

def serve(files):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            data = files.get(self.path)
            if data is None: self.send_error(404); return
            text = data.decode("utf-8", "ignore")
            headers = {k: v.strip() for k, v in HEADER.findall(text)}
            self.send_response(200)
            self.send_header("Content-Type", headers.pop("Content-type", "text/xml"))
            for name, value in headers.items(): self.send_header(name, value)
            self.send_header("Content-Length", str(len(data))); self.end_headers(); self.wfile.write(data)
        def log_message(self, *args): pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose = "-v" in sys.argv
    minimum = float(sys.argv[sys.argv.index("--min") + 1]) if "--min" in sys.argv else None
    if minimum is not None: args.remove(sys.argv[sys.argv.index("--min") + 1])
    loadrun, corpus = args
    paths = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus) for f in fs if f.endswith(".xml"))
    served = {}
    for path in paths:
        data = open(path, "rb").read()
        if "http" in os.path.basename(path): served["/" + os.path.relpath(path, corpus)] = data
    server = serve(served)
    port = server.server_address[1]
    cases = []
    for path in paths:
        data = open(path, "rb").read()
        if not admitted(path, data): continue
        found = EXPECT.search(data.decode("utf-8", "ignore"))
        if not found: continue
        expression = found.group(1).replace("127.0.0.1:8097", f"127.0.0.1:{port}")
        try: checks = clauses(expression)
        except SyntaxError: continue
        if checks: cases.append((path, data, checks))

    def judge(case):
        path, data, checks = case
        relative = os.path.relpath(path, corpus)
        if "/" + relative in served:
            command = [loadrun, "--url", f"http://127.0.0.1:{port}/{relative}", "--no-cache"]
            run = subprocess.run(command + ["--output", "json", "-q"], capture_output=True, timeout=60)
        else:
            run = subprocess.run([loadrun, "--url", "-", "--output", "json", "-q"], input=data, capture_output=True, timeout=60)
        try:
            document = json.loads(run.stdout)
            broken = structure(document)
            if broken: return relative, False, f"not JSON Feed 1.1: {broken}"
            context = reading(document)
            failing = [ast.unparse(c) for c in checks if not eval(compile(ast.Expression(c), path, "eval"), {}, context)]
            return relative, not failing, "; ".join(failing)
        except Exception as error:
            stderr = run.stderr.decode(errors="replace").strip()[:200]
            return relative, False, f"{type(error).__name__}: {error} (exit {run.returncode}: {stderr})"

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(judge, cases))
    passed = 0
    for relative, ok, why in results:
        passed += ok
        if verbose and not ok: print(f"FAIL {relative}: {why}")
    server.shutdown()
    share = 100.0 * passed / len(cases) if cases else 0.0
    print(f"{passed} of {len(cases)} feeds read as feedparser reads them: {share:.1f}%")
    if minimum is not None and share < minimum: sys.exit(1)

main()
