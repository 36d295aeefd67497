#!/usr/bin/env bash
# Part "load" of scripts/bench: the posts plugin, --output json and --jq beside curl and jq, over
# nginx. The peers have a pipe, so hyperfine runs both commands through its shell and takes
# the shell's start-up off each.
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

url="$BENCH_BASE/posts.json"
compare "100 posts, text view" 0.7 load-posts --warmup 5 --runs 50 \
  -n loadrun "$LOADRUN --no-cache --source posts --url $url" \
  -n "curl -s URL | jq -r '.[].title'" "curl -s $url | jq -r '.[].title'"

url="$BENCH_BASE/posts-20mb.json"
compare "20 MB of posts, text view" 1.0 load-posts-20mb --warmup 2 --runs 10 \
  -n loadrun "$LOADRUN --no-cache --source posts --url $url" \
  -n "curl -s URL | jq -r '.[].title'" "curl -s $url | jq -r '.[].title'"
compare "20 MB of posts, --output json" 1.0 load-posts-20mb-json --warmup 2 --runs 10 \
  -n loadrun "$LOADRUN --no-cache --source posts --url $url --output json" \
  -n "curl -s URL | jq ." "curl -s $url | jq ."
# --jq: libjq parses the body and runs the program, so this row mostly measures libjq (in
# loadrun) against jq (the binary); loadrun adds the fetch and its own rendering of the results.
compare "20 MB of posts, --jq '.[].title'" 1.0 load-posts-20mb-jq --warmup 2 --runs 10 \
  -n loadrun "$LOADRUN --no-cache --url $url --jq '.[].title'" \
  -n "curl -s URL | jq -r '.[].title'" "curl -s $url | jq -r '.[].title'"
# The same with a program that gives nothing, reported only: the parse and the fetch without
# the results, so that the row above splits into what libjq's parse costs beside jq's (with
# loadrun's fetch before it, where curl | jq overlaps the two) and what the results cost.
compare "20 MB of posts, --jq 'empty'" "" load-posts-20mb-jq-empty --warmup 2 --runs 10 \
  -n loadrun "$LOADRUN --no-cache --url $url --jq 'empty'" \
  -n "curl -s URL | jq 'empty'" "curl -s $url | jq 'empty'"
