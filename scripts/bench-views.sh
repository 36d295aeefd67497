#!/usr/bin/env bash
# The JSON views on volume, against nginx on loopback (a server faster than both contestants):
# 20 MB of JSON (the corpus's comments, repeated, ids renumbered), drawn as the JSON view and
# as a table, each beside `curl -s URL | jq .` in one hyperfine run; and their peak RSS.
# Usage: scripts/bench-views.sh LOADRUN_BINARY RESULTS_DIR   (prints one line per measure)
set -euo pipefail
bin="$1"; results="$2"
corpus="$(dirname "$0")/../../shared/corpus/jsonplaceholder.json"
[[ -f "$corpus" ]] || { echo "views: skipped, no ../shared/corpus"; exit 0; }
work="$(mktemp -d)"
trap 'kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/www"
# Whole copies of the 500 comments until 20 MB, each id made unique.
jq -c '.comments as $c | [range(0; 138) as $r | $c[] | .id += ($r * 500)]' "$corpus" >"$work/www/comments.json"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
cat >"$work/nginx.conf" <<CONF
daemon on; pid $work/nginx.pid; error_log $work/error.log; worker_processes 1;
events { worker_connections 1024; }
http { access_log off; types { application/json json; } default_type application/octet-stream;
  server { listen 127.0.0.1:$port; root $work/www; } }
CONF
# nginx's workers run as an unprivileged user: they must be able to read the files.
chmod -R a+rX "$work"
nginx -c "$work/nginx.conf" -p "$work"
url="http://127.0.0.1:$port/comments.json"
for _ in $(seq 100); do curl -sf "$url" -o /dev/null && break; sleep 0.05; done
curl -sf "$url" -o /dev/null || { echo "views: nginx does not serve $url"; exit 1; }
size="$(stat -c %s "$work/www/comments.json")"
"$bin" --no-cache --url "$url" --plugin json >/dev/null 2>"$work/probe.err" || { echo "views: loadrun failed: $(cat "$work/probe.err")"; exit 1; }

ratio() { jq -r --arg name "$2" '(.results[0].mean) as $a | (.results[1].mean) as $b |
  "\($name): loadrun \($a*1000|round) ms, curl | jq . \($b*1000|round) ms, ratio \($a/$b|.*100|round/100)"' "$1"; }
for view in json table; do
  hyperfine --warmup 2 --runs 10 --export-json "$results/view-$view.json" \
    -n "loadrun ($view view)" "$bin --no-cache --url $url --plugin $view >/dev/null 2>&1" \
    -n "curl | jq ." "curl -s $url | jq . >/dev/null" >&2
  ratio "$results/view-$view.json" "20 MB of JSON as the $view view"
  /usr/bin/time -o "$work/rss" -f %M "$bin" --no-cache --url "$url" --plugin "$view" >/dev/null 2>&1
  rss="$(cat "$work/rss")"
  # The same run refused at once by a 1 KiB cap: what loadrun takes before any body.
  /usr/bin/time -o "$work/base" -f %M "$bin" --no-cache --url "$url" --plugin "$view" --max-size 1K >/dev/null 2>&1 || true
  base="$(tail -1 "$work/base")"
  echo "20 MB of JSON as the $view view: peak RSS $((rss / 1024)) MiB, $((base / 1024)) MiB of it before any body; $(( (rss - base) * 1024 * 100 / size ))% of the body's size above that"
done
