#!/usr/bin/env bash
# `tbgen build all` killed with SIGKILL at several moments, then run again, must end with
# tables byte-identical to the reviewed checksum list, and no table may ever be half-written
# under its real name. usage: kill_resume.sh BIN_DIR SOURCE_DIR
set -u
bin=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
for delay in 1 4 12; do
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
# A connect member killed once its first table is written, resumed, ends byte-identical to a build
# that ran through.
c='connect(cols=5,rows=5,value=speed)'
"$bin/tbgen" build "$c" --tables "$work/c-whole" >/dev/null 2>&1 || { echo "FAIL: $c build"; failures=$((failures + 1)); }
"$bin/tbgen" build "$c" --tables "$work/c" --threads 1 >"$work/c.log" 2>&1 &
pid=$!
for _ in $(seq 500); do  # until the first table is in place (the log is buffered)
  [ -n "$(ls "$work/c" 2>/dev/null | grep '\.tb$')" ] && break
  sleep 0.01
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
written=$(ls "$work/c" | grep -c '\.tb$')
[ "$written" -lt "$(ls "$work/c-whole" | grep -c '\.tb$')" ] || { echo "FAIL: $c: the kill came after the last table"; failures=$((failures + 1)); }
"$bin/tbgen" build "$c" --tables "$work/c" >"$work/c.log" 2>&1 || { echo "FAIL: $c resumed"; failures=$((failures + 1)); }
[ "$(grep -c ': kept' "$work/c.log")" -ge "$written" ] || { echo "FAIL: $c kept fewer than the $written written"; failures=$((failures + 1)); }
for f in "$work"/c-whole/*.tb; do
  cmp -s "$f" "$work/c/$(basename "$f")" || { echo "FAIL: $c resumed: $(basename "$f") differs"; failures=$((failures + 1)); }
done
echo "$c killed after $written tables, resumed: $(ls "$work/c" | grep -c '\.tb$') tables"
# A connect member killed in the middle of a layer (parts of one work-file chunk, 2^22 entries):
# the layer's work file keeps the parts solved, the build resumes after them and ends
# byte-identical.
c='connect(cols=6,rows=4)'
"$bin/tbgen" build "$c" --tables "$work/p-whole" >/dev/null 2>&1 || { echo "FAIL: $c build"; failures=$((failures + 1)); }
TBGEN_GRAVITY_PART=4194304 "$bin/tbgen" build "$c" --tables "$work/p" --threads 1 >"$work/p.log" 2>&1 &
pid=$!
# Until a table is written and the layer below it, solved in three parts, has one in its work
# file (past its 40-byte header).
for _ in $(seq 3000); do
  if ls "$work"/p/*.tb >/dev/null 2>&1; then
    for w in "$work"/p/*.work; do
      [ -e "$w" ] && [ "$(stat -c %s "$w")" -gt 40 ] && [ ! -e "${w%.work}.tb" ] && break 2
    done
  fi
  sleep 0.01
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
TBGEN_GRAVITY_PART=4194304 "$bin/tbgen" build "$c" --tables "$work/p" >"$work/p.log" 2>&1 || { echo "FAIL: $c resumed mid-layer"; failures=$((failures + 1)); }
grep -q 'resumed at entry' "$work/p.log" || { echo "FAIL: $c did not resume in the middle of a layer"; cat "$work/p.log"; failures=$((failures + 1)); }
ls "$work/p" | grep -q '\.work$' && { echo "FAIL: $c left work files"; failures=$((failures + 1)); }
for f in "$work"/p-whole/*.tb; do
  cmp -s "$f" "$work/p/$(basename "$f")" || { echo "FAIL: $c resumed mid-layer: $(basename "$f") differs"; failures=$((failures + 1)); }
done
echo "$c killed in the middle of a layer, resumed: $(grep 'resumed at entry' "$work/p.log" | head -1)"
echo "$((failures == 0 ? 1 : 0)) passed, $failures failed"
[ "$failures" = 0 ]
