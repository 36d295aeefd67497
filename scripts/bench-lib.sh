# Sourced by the bash parts of scripts/bench: one hyperfine run per ratio, and the table's rows.

# row MEASURE LOADRUN PEER RATIO GOAL MET: one row of bench-results/table.md.
row() { local IFS=$'\t'; echo "$*" >>"$BENCH_ROWS"; }

# A time in seconds, as people read it: 1.23 s, 456 ms, 12.3 ms.
human_time() {
  awk -v s="$1" 'BEGIN { if (s >= 1) printf "%.2f s", s; else if (s >= 0.1) printf "%.0f ms", s * 1000; else printf "%.1f ms", s * 1000 }'
}

# ratio MEASURE GOAL JSON [LOADRUN_INDEX PEER_INDEX]: the ratio of two means in a hyperfine
# export, loadrun's over the peer's; prints the summary line and adds the row. GOAL is the
# largest ratio that meets it (0.7 for ≤ 0.7×), or "" for a ratio reported without a goal.
ratio() {
  local measure="$1" goal="$2" json="$3" a="${4:-0}" b="${5:-1}"
  local mean_a mean_b peer r met
  mean_a="$(jq ".results[$a].mean" "$json")"
  mean_b="$(jq ".results[$b].mean" "$json")"
  peer="$(jq -r ".results[$b].command" "$json")"
  # The ratio, and its standard deviation from the two runs' (as hyperfine's summary has it).
  r="$(jq -r --argjson a "$a" --argjson b "$b" '.results[$a] as $x | .results[$b] as $y | ($x.mean / $y.mean) as $r
    | "\($r) \($r * ((($x.stddev / $x.mean) | . * .) + (($y.stddev / $y.mean) | . * .) | sqrt))"' "$json" |
    awk '{ printf "%.2f× ± %.2f", $1, $2 }')"
  if [[ -z "$goal" ]]; then
    echo "$measure: loadrun $(human_time "$mean_a"), $peer $(human_time "$mean_b"): $r (report only)"
    row "$measure" "$(human_time "$mean_a")" "\`$peer\`: $(human_time "$mean_b")" "$r" "report only" ""
    return
  fi
  met="$(jq -rn "if $mean_a / $mean_b <= $goal then \"yes\" else \"no\" end")"
  echo "$measure: loadrun $(human_time "$mean_a"), $peer $(human_time "$mean_b"): $r (goal ≤ ${goal}×: $met)"
  row "$measure" "$(human_time "$mean_a")" "\`$peer\`: $(human_time "$mean_b")" "$r" "≤ ${goal}×" "$met"
}

# compare MEASURE GOAL NAME HYPERFINE_ARGS...: one hyperfine run holding loadrun (first) and
# its peer (second, named with -n as the table shows it), exported to bench-results/NAME.json.
compare() {
  local measure="$1" goal="$2" json="$BENCH_RESULTS/$3.json"; shift 3
  hyperfine --export-json "$json" "$@" >&2
  ratio "$measure" "$goal" "$json"
}

# log_settled: returns once nginx has logged every request it has answered so far. nginx logs
# a request just after sending its answer, so a run's last lines may still be coming when the
# run exits; one more request, answered and logged by the same single worker after them, is
# the barrier.
log_settled() {
  local tag="settled=$$-$RANDOM" _
  curl -sf "$BENCH_BASE/posts.json?$tag" -o /dev/null
  for _ in $(seq 500); do grep -q "$tag" "$BENCH_LOG" && return 0; sleep 0.01; done
  echo "bench: nginx never logged $tag" >&2
  return 1
}
