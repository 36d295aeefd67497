#!/usr/bin/env bash
# Part "image" of scripts/bench: a 239×178 JPEG drawn in 80×40 cells as symbols, beside chafa's
# own tool. Both read the same local file, so that the pair differs only in the drawing: chafa
# cannot fetch, and `curl | chafa` would add a shell and a second process to the peer. Both
# draw in 256 colours (TERM=xterm-256color, no COLORTERM), as chafa does by default. A second
# pair fetches the JPEG from nginx: loadrun by itself, chafa fed by `curl -s URL | chafa -`.
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

photo="$BENCH_WWW/photo.jpg"
export TERM=xterm-256color
unset COLORTERM
compare "JPEG in 80×40 cells as symbols, from a local file" 1.0 image --shell=none --warmup 5 --runs 30 \
  -n loadrun "$LOADRUN --no-cache --url $photo --size 80x40 --image-format symbols" \
  -n "chafa --size 80x40 -f symbols FILE" "chafa --size 80x40 -f symbols $photo"

# The same JPEG over HTTP from nginx: loadrun fetches it itself; chafa is fed by curl through a
# pipe (chafa reads `-` as stdin), so this pair counts the fetch on both sides.
url="$BENCH_BASE/photo.jpg"
compare "JPEG in 80×40 cells as symbols, over HTTP" 1.0 image-http --warmup 5 --runs 30 \
  -n loadrun "$LOADRUN --no-cache --url $url --size 80x40 --image-format symbols" \
  -n "curl -s URL | chafa --size 80x40 -f symbols -" "curl -s $url | chafa --size 80x40 -f symbols -"
