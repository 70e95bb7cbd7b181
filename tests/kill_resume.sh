#!/usr/bin/env bash
# `tbgen build all` killed with SIGKILL at several moments, then run again, must end with
# tables byte-identical to the reviewed checksum list, and no table may ever be half-written
# under its real name. usage: kill_resume.sh BIN_DIR SOURCE_DIR
set -u
bin=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
for delay in 1 4 12 25; do
  "$bin/tbgen" build all --tables "$work/t" >"$work/log" 2>&1 &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  # Whatever is there under a table's name is complete.
  for f in "$work"/t/*.tb; do
    [ -e "$f" ] || continue
    "$bin/tbgen" verify "$f" >/dev/null 2>&1 || { echo "FAIL: $f is damaged after kill at ${delay}s"; failures=$((failures + 1)); }
  done
  echo "killed after ${delay}s: $(ls "$work/t" 2>/dev/null | grep -c '\.tb$') tables complete"
done
"$bin/tbgen" build all --tables "$work/t" >"$work/log" 2>&1 || { echo "FAIL: resumed build"; cat "$work/log"; failures=$((failures + 1)); }
grep -q "kept" "$work/log" || { echo "FAIL: the resumed build kept nothing"; failures=$((failures + 1)); }
ls "$work/t" | grep -q '\.tmp\.' && { echo "FAIL: temporary files left behind"; ls "$work/t"; failures=$((failures + 1)); }
"$bin/tbgen" verify "$work/t" --checksums "$src/tables/CHECKSUMS" >"$work/verify" 2>&1 ||
  { echo "FAIL: tables differ from the checksum list"; cat "$work/verify"; failures=$((failures + 1)); }
echo "$((failures == 0 ? 1 : 0)) passed, $failures failed"
[ "$failures" = 0 ]
