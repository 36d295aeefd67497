#!/usr/bin/env bash
# Part "catalog" of scripts/bench: a sources file of 100,000 sources (about 7 MB), listed by
# `loadrun sources` and used for one source, against goals of ≤ 1 s and ≤ 100 MiB each.
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

count="${LOADRUN_BENCH_CATALOG_SOURCES:-100000}"
# Where loadrun looks for it: $XDG_CONFIG_HOME/loadrun/sources.conf (scripts/bench sets a
# temporary XDG_CONFIG_HOME). Each source its own URL of nginx's posts, every hundredth with a
# user, so that the listing masks passwords as it does for a real file.
mkdir -p "$XDG_CONFIG_HOME/loadrun"
config="$XDG_CONFIG_HOME/loadrun/sources.conf"
awk -v n="$count" -v base="$BENCH_BASE" 'BEGIN {
  for (i = 0; i < n; i++) {
    printf "[source s%d]\nurl=%s/posts.json?%d\nplugin=posts\ninterval=%ds\n", i, base, i, 30 + i % 600
    if (i % 100 == 0) printf "user=user%d:secret%d\n", i, i
  }
}' >"$config"
chmod 600 "$config"

# time MEASURE GOAL_SECONDS NAME COMMAND: its mean ± σ from hyperfine, no peer.
time_row() {
  local measure="$1" goal="$2" json="$BENCH_RESULTS/$3.json" mean sd met
  hyperfine --export-json "$json" --warmup 1 --runs 10 -n loadrun "$4" >&2
  mean="$(jq '.results[0].mean' "$json")"
  sd="$(jq '.results[0].stddev' "$json")"
  met="$(jq -rn "if $mean <= $goal then \"yes\" else \"no\" end")"
  echo "$measure: $(human_time "$mean") ± $(human_time "$sd") (goal ≤ $(human_time "$goal"): $met)"
  row "$measure" "$(human_time "$mean") ± $(human_time "$sd")" "" "" "≤ $(human_time "$goal")" "$met"
}

# rss_row MEASURE COMMAND...: the peak RSS of one run, against 100 MiB, with its CPU time
# (user + system), which a busy machine stretches less than the wall clock.
rss_row() {
  local measure="$1" kib cpu met; shift
  /usr/bin/time -f "%M %U %S" -o "$BENCH_RESULTS/catalog-rss.txt" "$@" >/dev/null
  read -r kib cpu < <(tail -1 "$BENCH_RESULTS/catalog-rss.txt" | awk '{ printf "%d %.2f s\n", $1, $2 + $3 }')
  met="$( ((kib <= 100 * 1024)) && echo yes || echo no)"
  echo "$measure: $((kib / 1024)) MiB peak RSS, $cpu CPU (goal ≤ 100 MiB: $met)"
  row "$measure" "$((kib / 1024)) MiB ($cpu CPU)" "" "" "≤ 100 MiB" "$met"
}

size="$(du -m "$config" | cut -f1)"
last="s$((count - 1))"
time_row "loadrun sources, $count sources ($size MB file)" 1 catalog-sources "$LOADRUN sources"
rss_row "loadrun sources, $count sources: peak RSS" "$LOADRUN" sources
time_row "one source ($last) of $count" 1 catalog-one "$LOADRUN --source $last --output json"
rss_row "one source ($last) of $count: peak RSS" "$LOADRUN" --source "$last" --output json
