#!/usr/bin/env bash
# The explorer in a real browser: serves the seed tables and family members with
# `tbprobe serve`, runs explorer_test.mjs in headless chromium, and stops the server.
# usage: run.sh BIN_DIR TABLES BUILD_DIR     (screenshots: BUILD_DIR/explorer-screenshots)
set -euo pipefail
bin=$1 tables=$(cd "$2" && pwd) build=$3
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../tools/serve/start_server.sh"
work=$(mktemp -d)
trap 'stop_server; rm -rf "$work"' EXIT

# playwright-core at the version the lock file pins, installed beside the build, not the source.
npm_dir="$build/explorer-browser-test"
mkdir -p "$npm_dir"
cp "$here/package.json" "$here/package-lock.json" "$npm_dir/"
if ! cmp -s "$here/package-lock.json" "$npm_dir/node_modules/.package-lock.json.used" 2>/dev/null; then
  (cd "$npm_dir" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$here/package-lock.json" "$npm_dir/node_modules/.package-lock.json.used"
fi
cp "$here/explorer_test.mjs" "$npm_dir/"

rm -rf "$build/explorer-screenshots"
mkdir "$work/tables"
for f in "$tables"/*.tb; do ln -s "$f" "$work/tables/"; done
"$bin/tbgen" build 'mnk(cols=4,rows=3,k=3,p=2,q=1)' --tables "$work/tables" >/dev/null
"$bin/tbgen" build 'connect(cols=5,rows=4,value=speed)' --tables "$work/tables" >/dev/null
"$bin/tbgen" build 'hex(cols=4)' --tables "$work/tables" >/dev/null
"$bin/tbgen" build 'slide(step=rook)' --tables "$work/tables" >/dev/null
"$bin/tbgen" build 'domineering(cols=3,rows=3)' --tables "$work/tables" >/dev/null
"$bin/tbgen" build 'morris(board=six,pieces=4)' --tables "$work/tables" >/dev/null

start_server "$bin/tbprobe" "$work/server.log" --tables "$work/tables"
node "$npm_dir/explorer_test.mjs" "http://127.0.0.1:$port" "$build/explorer-screenshots" "$bin/tbprobe" \
  "$work/tables"
