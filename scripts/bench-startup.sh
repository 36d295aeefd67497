#!/usr/bin/env bash
# Part "startup" of scripts/bench: what loadrun costs before it does anything.
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

compare "start-up: loadrun --help" 1.5 startup --shell=none --warmup 5 --runs 50 \
  -n loadrun "$LOADRUN --help" -n "curl --version" "curl --version"
