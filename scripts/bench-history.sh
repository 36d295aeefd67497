#!/usr/bin/env bash
# Part "history" of scripts/bench: what recording each load in the history costs, loadrun
# against itself with --no-history, in one hyperfine run each:
#
# - the 1,000 URLs of ~1 KB of part "urls" (goal: at most 5% more); once as a later run finds
#   it (each source's last version is the content again: its last-seen time moves), and once
#   into an empty history (1,000 new versions, their items and compressed contents), reported;
# - 100 posts, text view (goal: at most 1 ms more).
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

state="$XDG_STATE_HOME"
urls="$BENCH_WWW/urls.txt"
list=("$LOADRUN" --url-file "$urls" --output json --no-cache)
posts=("$LOADRUN" --no-cache --source posts --url "$BENCH_BASE/posts.json")
"${list[@]}" >/dev/null

measure="1,000 URLs of ~1 KB, --url-file, recorded in the history (a later run)"
hyperfine --shell=none --warmup 3 --runs 30 --export-json "$BENCH_RESULTS/history-urls.json" \
  -n "loadrun" "${list[*]}" -n "loadrun --no-history" "${list[*]} --no-history" >&2
ratio "$measure" 1.05 "$BENCH_RESULTS/history-urls.json"

measure="1,000 URLs of ~1 KB, --url-file, into an empty history"
hyperfine --shell=none --warmup 3 --runs 20 --prepare "rm -rf $state/loadrun" --export-json "$BENCH_RESULTS/history-urls-new.json" \
  -n "loadrun" "${list[*]}" -n "loadrun --no-history" "${list[*]} --no-history" >&2
ratio "$measure" "" "$BENCH_RESULTS/history-urls-new.json"

measure="100 posts, text view, recorded in the history"
# Twice, in both orders: on this machine kind the command hyperfine times first runs slower,
# the same command as much as 0.7-0.8 ms of 15 ms (5%), which is most of this row's goal. The
# mean of the two differences leaves that out.
hyperfine --shell=none --warmup 5 --runs 50 --export-json "$BENCH_RESULTS/history-posts.json" \
  -n "loadrun" "${posts[*]}" -n "loadrun --no-history" "${posts[*]} --no-history" >&2
hyperfine --shell=none --warmup 5 --runs 50 --export-json "$BENCH_RESULTS/history-posts-reversed.json" \
  -n "loadrun --no-history" "${posts[*]} --no-history" -n "loadrun" "${posts[*]}" >&2
with="$(jq -s '(.[0].results[0].mean + .[1].results[1].mean) / 2' "$BENCH_RESULTS/history-posts.json" "$BENCH_RESULTS/history-posts-reversed.json")"
without="$(jq -s '(.[0].results[1].mean + .[1].results[0].mean) / 2' "$BENCH_RESULTS/history-posts.json" "$BENCH_RESULTS/history-posts-reversed.json")"
added="$(jq -rn "($with - $without) * 1000 * 100 | round / 100")"
met="$(jq -rn "if ($with - $without) <= 0.001 then \"yes\" else \"no\" end")"
echo "$measure: $(human_time "$with"), $(human_time "$without") with --no-history (each the mean of both orders): ${added} ms more (goal ≤ 1 ms: $met)"
row "$measure" "$(human_time "$with")" "\`loadrun --no-history\`: $(human_time "$without")" "+${added} ms (both orders)" "≤ 1 ms more" "$met"
