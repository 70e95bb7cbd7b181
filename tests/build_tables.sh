#!/usr/bin/env bash
# The suite's full tables (the full_tables fixture). The seed games are built as an interrupted
# build of a user's would be: `tbgen build all` killed with SIGKILL twice (after a second, with
# the small seed games written and double5 under way, and again once double5's first table is
# written), then run again to the end; then the members below. No table may be half-written under its real name at any kill, the
# resumed build keeps what was complete and leaves no temporary file; tables_match_checksum_list
# then checks the result byte for byte against the reviewed checksum list. Killing the build
# the other tests need, rather than a second build of its own, spares CI a double5 build.
# usage: build_tables.sh TBGEN TABLES_DIR
set -u
tbgen=$1 dir=$2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rm -rf "$dir"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
complete_tables() {  # every file under a table's name reads whole
  local n=0
  for f in "$dir"/*.tb; do
    [ -e "$f" ] || continue
    "$tbgen" verify "$f" >/dev/null 2>&1 || fail "$f is damaged after the kill $1"
    n=$((n + 1))
  done
  echo "killed $1: $n tables complete"
}
"$tbgen" build all --tables "$dir" >"$log" 2>&1 &
pid=$!
sleep 1
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
complete_tables "after 1 s"
"$tbgen" build all --tables "$dir" >"$log" 2>&1 &
pid=$!
for _ in $(seq 60000); do  # up to 10 minutes: a loaded machine is slow
  [ -e "$dir/double5-r09.tb" ] && break
  sleep 0.01
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
[ -e "$dir/double5-r00.tb" ] && fail "the second kill came after double5's last table"
complete_tables "once double5's first table was written"
written=$(ls "$dir" | grep -c '\.tb$')
"$tbgen" build all --tables "$dir" >"$log" 2>&1 || { fail "the resumed build"; cat "$log"; }
kept=$(grep ': kept' "$log" | grep -o '\.tb' | wc -l)  # a line may name two tables
[ "$kept" -ge "$written" ] || fail "the resumed build kept $kept of the $written written"
ls "$dir" | grep -q '\.tmp\.' && fail "temporary files left behind: $(ls "$dir" | grep '\.tmp\.')"
echo "resumed: $kept tables kept, $(ls "$dir" | grep -c '\.tb$') in all"
# The members of the engine's structures that the tests check against their references and the
# checksum list: Quixo 3x3 and 4x4, Dobutsu shogi.
for member in 'quixo(size=3)' 'quixo(size=4)' 'dobutsu()'; do
  "$tbgen" build "$member" --tables "$dir" >"$log" 2>&1 || { fail "building $member"; cat "$log"; }
done
echo "members: $(ls "$dir" | grep -c '\.tb$') tables in all"
echo "$((failures == 0 ? 1 : 0)) passed, $failures failed"
[ "$failures" = 0 ]
