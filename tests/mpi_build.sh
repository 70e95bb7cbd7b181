#!/usr/bin/env bash
# Distributed builds (SPEC 9): `mpirun -np N tbgen build GAME --mpi` must write the files of
# the single-process build byte for byte, for N = 2 and 4 (a 16-cell mnk member, a 20-cell
# connect member, a morris member; 6x5's figures are in docs/distributed.md), for a lines member of double5's
# kind with 2, and for members of 30 and 32 cells; and a distributed build killed midway must
# resume from its complete layers to the same files. Open MPI runs as root here through its own settings, on 2 cores with more
# processes than cores (oversubscribed, not bound to cores).
# usage: mpi_build.sh BIN_DIR
set -u
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_hwloc_base_binding_policy=none
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
same_files() {  # same_files NAME DIR_A DIR_B
  local a=$2 b=$3 n=0
  for f in "$a"/*.tb; do
    cmp -s "$f" "$b/$(basename "$f")" || { fail "$1: $(basename "$f") differs"; return; }
    n=$((n + 1))
  done
  [ "$(ls "$b" | grep -c '\.tb$')" = "$n" ] || fail "$1: $(ls "$b" | grep -c '\.tb$') files, $n expected"
  ls "$b" | grep -q '\.tmp\.' && fail "$1: temporary files left behind"
  echo "$1: $n files identical"
}

# kill_all LEADER DIR: kills mpirun's group with SIGKILL and waits until its ranks building into
# DIR are gone. The ranks die after mpirun (they are not all in its group): the rerun comes once
# they are gone (zombies count as gone), as a cluster's next job does. A rank still writing when
# the rerun looked would leave its temporary file behind it.
kill_all() {
  kill -9 -- -"$1" 2>/dev/null
  wait "$1" 2>/dev/null
  for _ in $(seq 200); do
    ps -eo stat=,args= | awk '$1 !~ /^Z/' | grep -q "[t]bgen build .*$2" || break
    sleep 0.05
  done
}

# MEMBER FILES KILL_AT: built by one process, by 2 and 4, and by 2 killed with SIGKILL (mpirun
# and every process) once KILL_AT layers are written, then run again on 3: it keeps the complete
# layers and ends with the same FILES files.
distributed() {
  local member=$1 files=$2 kill_at=$3 d="$work/$4"
  "$bin/tbgen" build "$member" --tables "$d/single" --threads 2 >/dev/null || fail "single build"
  for n in 2 4; do
    mpirun -np $n "$bin/tbgen" build "$member" --tables "$d/np$n" --threads 1 --mpi \
      >"$d.np$n.log" 2>&1 || { fail "mpirun -np $n"; cat "$d.np$n.log"; }
    same_files "$member, $n processes" "$d/single" "$d/np$n"
  done
  grep -q "on 4 processes" "$d.np4.log" || fail "the log does not say how many processes built"
  # On a loaded machine the ranks of a small member may write its last tables before the kill
  # lands (mpirun's output comes late): then there is nothing to resume, and the try is made
  # again, at most five times.
  local written leader attempt
  for attempt in 1 2 3 4 5; do
    rm -rf "$d/killed"
    setsid mpirun -np 2 "$bin/tbgen" build "$member" --tables "$d/killed" --threads 1 --mpi \
      >"$d.killed.log" 2>&1 &
    leader=$!
    for _ in $(seq 3000); do  # up to 60 s: a loaded machine is slow to its first tables
      [ "$(grep -c ': written' "$d.killed.log")" -ge "$kill_at" ] && break
      sleep 0.02
    done
    # The processes themselves first: killed through mpirun they go on for a while.
    pkill -9 -f "[t]bgen build .*$d/killed"
    kill_all "$leader" "$d/killed"
    written=$(grep -c ': written' "$d.killed.log")
    [ "$written" -lt "$files" ] && break
  done
  [ "$written" -ge "$kill_at" ] && [ "$written" -lt "$files" ] ||
    fail "$member: the kill came at $written of $files files (5 tries)"
  mpirun -np 3 "$bin/tbgen" build "$member" --tables "$d/killed" --threads 1 --mpi \
    >"$d.resumed.log" 2>&1 || { fail "resumed build"; cat "$d.resumed.log"; }
  [ "$(grep -c ': kept' "$d.resumed.log")" -ge "$kill_at" ] || fail "the resumed build kept nothing"
  same_files "$member, killed after $written files and resumed on 3 processes" "$d/single" \
    "$d/killed"
}
mkdir "$work/m" "$work/c"
distributed 'mnk(cols=4,rows=4,k=4)' 15 7 m
# A gravity member: each process fetches the classes its moves reach from their owners.
distributed 'connect(cols=5,rows=4)' 16 2 c
# A morris member (Lasker's rule: cycles with marks in hand too): each process solves its share
# of every sector and tells the others' positions what its own decide, level by level.
mkdir "$work/mo"
distributed 'morris(board=six,pieces=4,lasker=1)' "$(
  "$bin/tbgen" build 'morris(board=six,pieces=4,lasker=1)' --tables "$work/mo/count" |
    grep -c ': written')" 8 mo
# A larger Lasker member killed in the middle of a group, each process's share saved at every
# level: resumed on as many processes, every process goes on from the newest level all hold. The
# kill comes once both processes hold a save of a group; if it lands after the group's tables are
# written (nothing then to resume), the try is made again, at most five times.
mo='morris(board=six,pieces=6,lasker=1)'
"$bin/tbgen" build "$mo" --tables "$work/mo/whole" --threads 2 >/dev/null || fail "single build of $mo"
saved_groups="$(dirname "$0")/morris_saved_groups.sh"
for attempt in 1 2 3 4 5; do
  rm -rf "$work/mo/mid"
  setsid mpirun -np 2 "$bin/tbgen" build "$mo" --save-every 0 --tables "$work/mo/mid" \
    --threads 1 --mpi >"$work/mo.mid.log" 2>&1 &
  leader=$!
  for _ in $(seq 6000); do
    [ -n "$("$saved_groups" "$work/mo/mid" 2)" ] && break
    sleep 0.01
  done
  # The processes themselves first: killed through mpirun they go on for a while, past the group.
  pkill -9 -f "[t]bgen build .*$work/mo/mid"
  kill_all "$leader" "$work/mo/mid"
  group=$("$saved_groups" "$work/mo/mid" 2 | head -1)
  mpirun -np 2 "$bin/tbgen" build "$mo" --save-every 0 --tables "$work/mo/mid" \
    --threads 1 --mpi >"$work/mo.mid.log" 2>&1 || { fail "$mo resumed mid-group"; cat "$work/mo.mid.log"; }
  if [ -n "$group" ]; then
    grep -q "^$group: resumed at level" "$work/mo.mid.log" ||
      fail "$mo: 2 processes both holding a save of $group did not resume it"
    break
  fi
  [ "$attempt" = 5 ] && fail "$mo: in 5 tries no kill came while both processes held a group's save"
done
ls "$work/mo/mid" | grep -q '\.work' && fail "$mo: work files left behind"
same_files "$mo, killed in a group and resumed on 2 processes: $(grep -o 'resumed at level [0-9]*' "$work/mo.mid.log" | head -1)" \
  "$work/mo/whole" "$work/mo/mid"

# A lines member of double5's kind (two marks a turn, a fixed number of turns, leftover cells
# filled, scored at the end; double5 itself takes minutes under mpirun on 2 cores), 2 processes.
ln='lines(cols=4,rows=4,len=4,threshold=3,p=2,q=2,turns=5,fill=second,first=O)'
"$bin/tbgen" build "$ln" --tables "$work/ln" --threads 2 >/dev/null || fail "single build of $ln"
mpirun -np 2 "$bin/tbgen" build "$ln" --tables "$work/lnnp2" --threads 1 --mpi >"$work/ln.log" 2>&1 ||
  { fail "mpirun $ln"; cat "$work/ln.log"; }
same_files "$ln, 2 processes" "$work/ln" "$work/lnnp2"

# Past 25 cells (a few marks on 30 and 32 cells: few positions, a large index): built by one
# process and by 2 and 4 (the 32-cell member by 2), the same files.
wide=0
for case in 'lines(cols=6,rows=5,len=4,turns=8):2 4' 'lines(cols=8,rows=4,len=4,turns=8):2'; do
  member=${case%%:*} wide=$((wide + 1))
  d="$work/wide$wide"
  "$bin/tbgen" build "$member" --tables "$d" --threads 2 >/dev/null || fail "single build of $member"
  for n in ${case##*:}; do
    mpirun -np "$n" "$bin/tbgen" build "$member" --tables "$d.np$n" --threads 1 --mpi \
      >"$d.np$n.log" 2>&1 || { fail "mpirun -np $n $member"; cat "$d.np$n.log"; }
    same_files "$member, $n processes" "$d" "$d.np$n"
  done
done

echo "$((failures == 0 ? 1 : 0)) passed, $failures failed"
[ "$failures" = 0 ]
