#!/usr/bin/env bash
# Part "urls" of scripts/bench: the 1,000 URLs of ~1 KB in BENCH_WWW/urls.txt in one run, beside
# libsoup alone (SOUP_FETCH, built from scripts/soup-fetch.c: it sends the same GETs through one
# SoupSession, 6 a host, and reads the bodies, and does nothing else) and
# `curl --parallel --parallel-max 50` over the same URLs.
#
# libsoup alone is the floor, and the goal is measured against it: the design names libsoup-3
# as the HTTP layer, and curl's own HTTP engine is faster than libsoup's on small requests, so
# what loadrun can remove is only its own work on top. curl's ratio is reported beside it.
#
# Over HTTP/1.1 (BENCH_BASE), one hyperfine run holds loadrun with a sources file of 1,000
# sources and with --url-file, libsoup alone and curl. Over HTTPS with HTTP/2 by ALPN
# (BENCH_HTTPS_BASE, the same URLs rewritten to it), one hyperfine run holds loadrun with
# --url-file and --cacert BENCH_CA, libsoup alone trusting the same CA file, and curl --http2
# --cacert. Then loadrun's peak RSS, and how many connections nginx saw each open, from its
# access log: over HTTP/2 the 1,000 requests should all share one.
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
urls="$BENCH_WWW/urls.txt"
https_urls="$work/urls-https.txt"
awk -v from="$BENCH_BASE" -v to="$BENCH_HTTPS_BASE" \
  'index($0, from) == 1 { $0 = to substr($0, length(from) + 1) } { print }' "$urls" >"$https_urls"
awk '{ printf "[source page-%d]\nurl=%s\n\n", NR, $0 }' "$urls" >"$work/sources.conf"
awk '{ printf "url = \"%s\"\noutput = \"/dev/null\"\n", $0 }' "$urls" >"$work/curl.conf"
awk '{ printf "url = \"%s\"\noutput = \"/dev/null\"\n", $0 }' "$https_urls" >"$work/curl-https.conf"

by_file=("$LOADRUN" --config "$work/sources.conf" --all --output json --no-cache)
# by_list FILE [ARGUMENT...]: loadrun on the URLs of FILE, into the array `list`.
if [[ "$("$LOADRUN" --help)" == *--url-file* ]]; then
  list_name="--url-file urls.txt" list_label="--url-file"
  by_list() { local file="$1"; shift; list=("$LOADRUN" --url-file "$file" "$@" --output json --no-cache); }
else
  list_name="1,000 --url arguments (no --url-file in this build)" list_label="1,000 --url"
  by_list() {
    local file="$1"; shift
    mapfile -t list < <(echo "$LOADRUN"; sed 's/^/--url\n/' "$file"; printf '%s\n' "$@" --output json --no-cache)
  }
fi
by_list "$urls"; http_list=("${list[@]}")
by_list "$https_urls" --cacert "$BENCH_CA"; https_list=("${list[@]}")
soup_name="libsoup alone (scripts/soup-fetch.c)"
http_soup=("$SOUP_FETCH" "$urls")
https_soup=("$SOUP_FETCH" "$https_urls" "$BENCH_CA")
curl_name="curl --parallel --parallel-max 50"
http_curl=(curl --parallel --parallel-max 50 -s --config "$work/curl.conf")
https_curl=(curl --parallel --parallel-max 50 -s --http2 --cacert "$BENCH_CA" --config "$work/curl-https.conf")

# Each command once, untimed: a failed request must fail the part, not time an error.
for command in by_file http_list http_soup http_curl https_list https_soup https_curl; do
  declare -n words="$command"
  "${words[@]}" >/dev/null || { echo "bench-urls: this failed: ${words[*]}" >&2; exit 1; }
  unset -n words
done

http="1,000 URLs of ~1 KB over HTTP/1.1"
hyperfine --shell=none --warmup 3 --runs 30 --export-json "$BENCH_RESULTS/urls.json" \
  -n "loadrun, sources file" "${by_file[*]}" -n "loadrun, $list_name" "${http_list[*]}" \
  -n "$soup_name" "${http_soup[*]}" -n "$curl_name" "${http_curl[*]}" >&2
ratio "$http, $list_name" 1.2 "$BENCH_RESULTS/urls.json" 1 2
ratio "$http, $list_name" "" "$BENCH_RESULTS/urls.json" 1 3
ratio "$http, as 1,000 sources in a sources file" "" "$BENCH_RESULTS/urls.json" 0 2

https="1,000 URLs of ~1 KB over HTTPS, HTTP/2"
hyperfine --shell=none --warmup 3 --runs 30 --export-json "$BENCH_RESULTS/urls-https.json" \
  -n "loadrun, $list_name --cacert ca.pem" "${https_list[*]}" -n "$soup_name, the same CA" "${https_soup[*]}" \
  -n "$curl_name --http2 --cacert ca.pem" "${https_curl[*]}" >&2
ratio "$https, $list_name --cacert ca.pem" 1.2 "$BENCH_RESULTS/urls-https.json" 0 1
ratio "$https, $list_name --cacert ca.pem" "" "$BENCH_RESULTS/urls-https.json" 0 2

peak_rss() { # the most KiB the command held at once, over three runs
  for _ in 1 2 3; do /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; done | sort -n | tail -1
}
mib() { jq -rn "$1 / 1024 * 10 | round / 10"; }
rss_file="$(peak_rss "${by_file[@]}")"
rss_list="$(peak_rss "${http_list[@]}")"
rss_soup="$(peak_rss "${http_soup[@]}")"
rss_curl="$(peak_rss "${http_curl[@]}")"
met="$(jq -rn "if [$rss_file, $rss_list] | max <= 40 * 1024 then \"yes\" else \"no\" end")"
echo "1,000 URLs: loadrun's peak RSS $(mib "$rss_file") MiB (sources file), $(mib "$rss_list") MiB ($list_label); libsoup alone $(mib "$rss_soup") MiB; curl $(mib "$rss_curl") MiB (goal ≤ 40 MiB: $met)"
row "1,000 URLs: loadrun's peak RSS" "$(mib "$rss_file") MiB (sources file), $(mib "$rss_list") MiB ($list_label)" \
  "libsoup alone: $(mib "$rss_soup") MiB; curl: $(mib "$rss_curl") MiB" "" "≤ 40 MiB" "$met"

connections() { # runs the command once; says how many connections nginx saw it open
  local before
  before="$(stat -c %s "$BENCH_LOG")"
  "$@" >/dev/null 2>&1
  log_settled
  tail -c +"$((before + 1))" "$BENCH_LOG" | grep -v 'settled=' | awk '{ n[$1]++; requests++ }
    END { for (c in n) { connections++; if (n[c] > most) most = n[c]; if (!least || n[c] < least) least = n[c] }
          printf "%d connection%s for %d requests (%d to %d a connection)", connections, connections == 1 ? "" : "s",
            requests, least, most }'
}
seen_file="$(connections "${by_file[@]}")"
seen_list="$(connections "${http_list[@]}")"
seen_soup="$(connections "${http_soup[@]}")"
seen_curl="$(connections "${http_curl[@]}")"
echo "$http: nginx saw loadrun open $seen_file from the sources file, $seen_list from $list_label; libsoup alone $seen_soup; curl $seen_curl"
row "$http: connections nginx saw" "sources file: $seen_file; $list_label: $seen_list" \
  "libsoup alone: $seen_soup; curl: $seen_curl" "" "report only" ""

seen_list="$(connections "${https_list[@]}")"
seen_soup="$(connections "${https_soup[@]}")"
seen_curl="$(connections "${https_curl[@]}")"
met="$([[ "$seen_list" == "1 connection for 1000 requests "* ]] && echo yes || echo no)"
echo "$https: nginx saw loadrun open $seen_list; libsoup alone $seen_soup; curl $seen_curl (goal: all on one connection: $met)"
row "$https: connections nginx saw" "$list_label: $seen_list" "libsoup alone: $seen_soup; curl: $seen_curl" "" \
  "all on one connection" "$met"
