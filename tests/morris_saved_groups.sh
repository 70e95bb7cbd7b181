#!/usr/bin/env bash
# Prints the morris groups a rerun of a killed build in DIR (by N processes) must go on with
# from a level saved: every process holds a save of the group (<table>.work, or the save before
# it, <table>.work.old; <table>-pRofN.work under --mpi) and the group's first table, written
# first, is not there. A save keeps the one before until every process has its new one, so
# these hold a level in common.
# usage: morris_saved_groups.sh DIR N
set -u
dir=$1 n=$2
work_file() {  # work_file TABLE RANK
  if [ "$n" = 1 ]; then echo "$1.work"; else echo "$1-p$2of$n.work"; fi
}
for w in "$dir"/*.work "$dir"/*.work.old; do
  [ -e "$w" ] || continue
  t=${w%.old}
  t=${t%.work}
  [ "$n" = 1 ] || t=${t%-p*of"$n"}
  echo "$t"
done | sort -u | while read -r t; do
  [ -e "$t.tb" ] && continue
  for r in $(seq 0 $((n - 1))); do
    f=$(work_file "$t" "$r")
    [ -e "$f" ] || [ -e "$f.old" ] || continue 2
  done
  basename "$t"
done
