#!/usr/bin/env bash
# Part "urls" of scripts/bench: the 1,000 URLs of ~1 KB in BENCH_WWW/urls.txt in one run, given
# to loadrun as a sources file of 1,000 sources and as a URL list, beside
# `curl --parallel --parallel-max 50` over the same URLs (one hyperfine run holds all three);
# loadrun's peak RSS; and how many connections nginx saw, from its access log.
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
urls="$BENCH_WWW/urls.txt"
awk '{ printf "[source page-%d]\nurl=%s\n\n", NR, $0 }' "$urls" >"$work/sources.conf"
awk '{ printf "url = \"%s\"\noutput = \"/dev/null\"\n", $0 }' "$urls" >"$work/curl.conf"

by_file=("$LOADRUN" --config "$work/sources.conf" --all --output json --no-cache)
if [[ "$("$LOADRUN" --help)" == *--url-file* ]]; then
  list_name="--url-file urls.txt" list_label="--url-file"
  by_list=("$LOADRUN" --url-file "$urls" --output json --no-cache)
else
  list_name="1,000 --url arguments (no --url-file in this build)" list_label="1,000 --url"
  mapfile -t by_list < <(echo "$LOADRUN"; sed 's/^/--url\n/' "$urls"; printf '%s\n' --output json --no-cache)
fi
curl=(curl --parallel --parallel-max 50 -s --config "$work/curl.conf")

hyperfine --shell=none --warmup 3 --runs 30 --export-json "$BENCH_RESULTS/urls.json" \
  -n "loadrun, sources file" "${by_file[*]}" -n "loadrun, $list_name" "${by_list[*]}" \
  -n "curl --parallel --parallel-max 50" "${curl[*]}" >&2
ratio "1,000 URLs of ~1 KB as 1,000 sources in a sources file" 1.5 "$BENCH_RESULTS/urls.json" 0 2
ratio "1,000 URLs of ~1 KB as $list_name" 1.5 "$BENCH_RESULTS/urls.json" 1 2

peak_rss() { # the most KiB the command held at once, over three runs
  for _ in 1 2 3; do /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; done | sort -n | tail -1
}
mib() { jq -rn "$1 / 1024 * 10 | round / 10"; }
rss_file="$(peak_rss "${by_file[@]}")"
rss_list="$(peak_rss "${by_list[@]}")"
rss_curl="$(peak_rss "${curl[@]}")"
met="$(jq -rn "if [$rss_file, $rss_list] | max <= 40 * 1024 then \"yes\" else \"no\" end")"
echo "1,000 URLs: loadrun's peak RSS $(mib "$rss_file") MiB (sources file), $(mib "$rss_list") MiB ($list_label); curl $(mib "$rss_curl") MiB (goal ≤ 40 MiB: $met)"
row "1,000 URLs: loadrun's peak RSS" "$(mib "$rss_file") MiB (sources file), $(mib "$rss_list") MiB ($list_label)" \
  "curl: $(mib "$rss_curl") MiB" "" "≤ 40 MiB" "$met"

connections() { # runs the command once; says how many connections nginx saw it open
  local before
  before="$(stat -c %s "$BENCH_LOG")"
  "$@" >/dev/null 2>&1
  log_settled
  tail -c +"$((before + 1))" "$BENCH_LOG" | grep -v 'settled=' | awk '{ n[$1]++; requests++ }
    END { for (c in n) { connections++; if (n[c] > most) most = n[c]; if (!least || n[c] < least) least = n[c] }
          printf "%d connections for %d requests (%d to %d a connection)", connections, requests, least, most }'
}
seen_file="$(connections "${by_file[@]}")"
seen_list="$(connections "${by_list[@]}")"
seen_curl="$(connections "${curl[@]}")"
echo "1,000 URLs: nginx saw loadrun open $seen_file from the sources file, $seen_list from $list_label; curl $seen_curl"
row "1,000 URLs: connections nginx saw" "sources file: $seen_file; $list_label: $seen_list" "curl: $seen_curl" "" "report only" ""
