#!/usr/bin/env bash
# Connect members killed with SIGKILL, between tables and in the middle of a layer, and a morris
# member in the middle of a group, then run again, must end byte-identical to builds that ran
# through. (`tbgen build all` killed and resumed is the suite's own table build:
# build_tables.sh.) usage: kill_resume.sh BIN_DIR
set -u
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
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
# A connect member killed in the middle of a layer (parts of one work-file chunk, 2^22 entries,
# so that 8x3's largest layers, 3.5e7 entries, are read in runs by parts filled to the budget as
# 6x6's are): the layer's work file keeps the parts solved, the build resumes after them and
# ends byte-identical.
c='connect(cols=8,rows=3)'
"$bin/tbgen" build "$c" --tables "$work/p-whole" >/dev/null 2>&1 || { echo "FAIL: $c build"; failures=$((failures + 1)); }
"$bin/tbgen" build "$c" --part-entries 4194304 --tables "$work/p" --threads 1 >"$work/p.log" 2>&1 &
pid=$!
# Until a table is written and the layer below it, solved in parts, has one in its work
# file (past its 56-byte header: work_file.cpp).
for _ in $(seq 3000); do
  if ls "$work"/p/*.tb >/dev/null 2>&1; then
    for w in "$work"/p/*.work; do
      [ -e "$w" ] && [ "$(stat -c %s "$w")" -gt 56 ] && [ ! -e "${w%.work}.tb" ] && break 2
    done
  fi
  sleep 0.01
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
"$bin/tbgen" build "$c" --part-entries 4194304 --tables "$work/p" >"$work/p.log" 2>&1 || { echo "FAIL: $c resumed mid-layer"; failures=$((failures + 1)); }
grep -q 'resumed at entry' "$work/p.log" || { echo "FAIL: $c did not resume in the middle of a layer"; cat "$work/p.log"; failures=$((failures + 1)); }
ls "$work/p" | grep -q '\.work$' && { echo "FAIL: $c left work files"; failures=$((failures + 1)); }
for f in "$work"/p-whole/*.tb; do
  cmp -s "$f" "$work/p/$(basename "$f")" || { echo "FAIL: $c resumed mid-layer: $(basename "$f") differs"; failures=$((failures + 1)); }
done
echo "$c killed in the middle of a layer, resumed: $(grep 'resumed at entry' "$work/p.log" | head -1)"
# A morris member killed in the middle of a group (saved at every level), then resumed: the group
# goes on from the level saved and the tables end byte-identical. The kill comes once a group is
# saved; if it lands after the group's tables are written, the try is made again (at most five).
m='morris(pieces=4)'
"$bin/tbgen" build "$m" --tables "$work/m-whole" >/dev/null 2>&1 || { echo "FAIL: $m build"; failures=$((failures + 1)); }
saved_groups="$(dirname "$0")/morris_saved_groups.sh"
for attempt in 1 2 3 4 5; do
  rm -rf "$work/m"
  "$bin/tbgen" build "$m" --save-every 0 --tables "$work/m" --threads 1 >"$work/m.log" 2>&1 &
  pid=$!
  for _ in $(seq 3000); do
    [ -n "$("$saved_groups" "$work/m" 1)" ] && break
    sleep 0.005
  done
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  group=$("$saved_groups" "$work/m" 1 | head -1)
  "$bin/tbgen" build "$m" --save-every 0 --tables "$work/m" >"$work/m.log" 2>&1 || { echo "FAIL: $m resumed mid-group"; failures=$((failures + 1)); }
  if [ -n "$group" ]; then
    grep -q "^$group: resumed at level" "$work/m.log" || { echo "FAIL: $m did not resume $group, saved"; failures=$((failures + 1)); }
    break
  fi
  [ "$attempt" = 5 ] && { echo "FAIL: $m: in 5 tries no kill came while a group was saved"; failures=$((failures + 1)); }
done
ls "$work/m" | grep -q '\.work' && { echo "FAIL: $m left work files"; failures=$((failures + 1)); }
for f in "$work"/m-whole/*.tb; do
  cmp -s "$f" "$work/m/$(basename "$f")" || { echo "FAIL: $m resumed mid-group: $(basename "$f") differs"; failures=$((failures + 1)); }
done
echo "$m killed in the middle of a group, resumed: $(grep ': resumed at level' "$work/m.log" | head -1)"
echo "$((failures == 0 ? 1 : 0)) passed, $failures failed"
[ "$failures" = 0 ]
