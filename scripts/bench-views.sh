#!/usr/bin/env bash
# Part "views" of scripts/bench: 20 MB of JSON (the corpus's comments, repeated, ids
# renumbered) drawn as the JSON view and as a table, each beside `curl -s URL | jq .` in one
# hyperfine run; a 10 MB Atom feed as the feed view beside curl and xmllint picking the
# entries' titles; and the peak RSS of each, and of a 100,000-entry RSS feed as the feed view.
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

# feed_rss NAME URL FILE: the feed view's peak RSS over URL, and how many times FILE's size it
# takes above what the same run takes when refused at once by a 1 KiB cap (before any body).
feed_rss() {
  local name="$1" url="$2" size rss base above met
  size="$(stat -c %s "$3")"
  rss="$(/usr/bin/time -f %M "$LOADRUN" --no-cache --url "$url" 2>&1 >/dev/null | tail -1)"
  base="$(/usr/bin/time -f %M "$LOADRUN" --no-cache --url "$url" --max-size 1K 2>&1 >/dev/null | tail -1 || true)"
  above="$(jq -rn "($rss - $base) * 1024 / $size * 10 | round / 10")"
  met="$(jq -rn "if ($rss - $base) * 1024 < 4 * $size then \"yes\" else \"no\" end")"
  echo "$name as the feed view: peak RSS $((rss / 1024)) MiB, $((base / 1024)) MiB of it before any body, ${above}× the feed above that (goal: under 4×: $met)"
  row "$name as the feed view: peak RSS" "$((rss / 1024)) MiB: $((base / 1024)) MiB before any body, ${above}× the feed above that" \
    "" "" "< 4× the feed above what it takes before any" "$met"
}

url="$BENCH_BASE/comments-20mb.json"
size="$(stat -c %s "$BENCH_WWW/comments-20mb.json")"
for view in json table; do
  compare "20 MB of comments as the $view view" 1.0 "view-$view" --warmup 2 --runs 10 \
    -n loadrun "$LOADRUN --no-cache --url $url --plugin $view" \
    -n "curl -s URL | jq ." "curl -s $url | jq ."
  rss="$(/usr/bin/time -f %M "$LOADRUN" --no-cache --url "$url" --plugin "$view" 2>&1 >/dev/null | tail -1)"
  # The same run refused at once by a 1 KiB cap: what loadrun takes before any body.
  base="$(/usr/bin/time -f %M "$LOADRUN" --no-cache --url "$url" --plugin "$view" --max-size 1K 2>&1 >/dev/null | tail -1 || true)"
  above="$(jq -rn "($rss - $base) * 1024 / $size * 10 | round / 10")"
  met="$(jq -rn "if ($rss - $base) * 1024 < 4 * $size then \"yes\" else \"no\" end")"
  echo "20 MB of comments as the $view view: peak RSS $((rss / 1024)) MiB, $((base / 1024)) MiB of it before any body, ${above}× the body above that (goal: under 4× the body: $met)"
  row "20 MB of comments as the $view view: peak RSS" "$((rss / 1024)) MiB: $((base / 1024)) MiB before any body, ${above}× the body above that" \
    "" "" "< 4× the body above what it takes before any" "$met"
done

# A 10 MB Atom feed as the feed view, beside curl and xmllint reading the entries' titles.
url="$BENCH_BASE/feed-10mb.atom"
xpath='//*[local-name()="entry"]/*[local-name()="title"]/text()'
compare "a 10 MB Atom feed as the feed view" 1.0 "view-feed" --warmup 2 --runs 10 \
  -n loadrun "$LOADRUN --no-cache --url $url" \
  -n "curl -s URL | xmllint --xpath TITLES -" "curl -s $url | xmllint --xpath '$xpath' -"
feed_rss "a 10 MB Atom feed" "$url" "$BENCH_WWW/feed-10mb.atom"

# A 100,000-item RSS feed (about 40 MB): what the feed view holds per entry.
feed_rss "a 100,000-entry RSS feed" "$BENCH_BASE/feed-100k.rss" "$BENCH_WWW/feed-100k.rss"
