#!/usr/bin/env python3
"""Runs jq's own test programs (jq 1.6's tests/jq.test) through `loadrun --jq` and through the
`jq` binary, the oracle, and counts the cases the binary runs whose results loadrun gives too.
Usage: jq-corpus.py LOADRUN JQ_TEST [--min PERCENT] [-v]

Each case's input is a file that loadrun loads with --output json; jq runs on the same file
with -c. Results are compared as JSON values, keys in their order: loadrun indents a single
result, and writes its numbers through its own JSON writer."""
import concurrent.futures, json, os, subprocess, sys, tempfile

def cases(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    found, index = [], 0
    skip = lambda line: line.strip() == "" or line.startswith("#")
    while index < len(lines):
        if skip(lines[index]):
            index += 1
            continue
        fails = lines[index].startswith("%%FAIL")
        if fails:
            index += 1
        if index >= len(lines):
            break
        number, program = index + 1, lines[index]
        index += 1
        given = None
        if not fails and index < len(lines):
            given = lines[index]
            index += 1
        while index < len(lines) and lines[index].strip() != "":
            index += 1
        if given is not None:
            found.append((number, program, given))
    return found

def values(text, whole):
    """The JSON values in `text`: one document when `whole`, else one a line; keys kept in order."""
    pairs = lambda items: ("object", items)
    if whole:
        return [json.loads(text, object_pairs_hook=pairs)] if text.strip() else []
    return [json.loads(line, object_pairs_hook=pairs) for line in text.split("\n") if line.strip()]

def judge(loadrun, case, directory):
    number, program, given = case
    path = os.path.join(directory, f"case-{number}.json")
    with open(path, "w", encoding="utf-8") as file:
        file.write(given)
    oracle = subprocess.run(["jq", "-c", program, path], capture_output=True, timeout=60)
    if oracle.returncode != 0:
        return number, None, ""
    expected = values(oracle.stdout.decode(), whole=False)
    run = subprocess.run([loadrun, "--url", path, "--jq", program, "--output", "json", "--no-cache", "-q"],
                         capture_output=True, timeout=60, env={**os.environ, "XDG_CONFIG_HOME": "/nonexistent"})
    try:
        got = values(run.stdout.decode(), whole=len(expected) == 1)
    except ValueError as error:
        got = f"not JSON ({error})"
    ok = run.returncode == 0 and got == expected
    why = "" if ok else f"{program!r} on {given!r}: loadrun exit {run.returncode} {run.stdout.decode()!r} {run.stderr.decode().strip()[:160]!r}; jq {oracle.stdout.decode()!r}"
    return number, ok, why

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    minimum = float(sys.argv[sys.argv.index("--min") + 1]) if "--min" in sys.argv else None
    if minimum is not None:
        args.remove(sys.argv[sys.argv.index("--min") + 1])
    loadrun, corpus = args
    with tempfile.TemporaryDirectory(prefix="loadrun-jq-") as directory:
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            results = list(pool.map(lambda case: judge(loadrun, case, directory), cases(corpus)))
    ran = [r for r in results if r[1] is not None]
    agreed = sum(1 for r in ran if r[1])
    if "-v" in sys.argv:
        for number, ok, why in ran:
            if not ok:
                print(f"FAIL jq.test:{number}: {why}")
    share = 100.0 * agreed / len(ran) if ran else 0.0
    print(f"{agreed} of {len(ran)} jq.test cases the jq binary runs give its results through loadrun --jq: {share:.1f}%")
    if minimum is not None and share < minimum:
        sys.exit(1)

main()
